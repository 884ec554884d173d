import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useId } from 'react';

export interface BarItem {
  id: string;
  /** the item's name, or a link to it */
  label: ReactNode;
  value: number;
  /** the value in words ('120 uses'), read after the label */
  valueText: string;
}

export interface BarListProps {
  title: string;
  items: BarItem[];
  color: string;
}

/**
 * Horizontal bars for a ranking (offers by uses): a real list whose items read "label, value", with each bar an
 * SVG drawn to scale beside it. Nothing is shown by the bar alone, so it is hidden from assistive technology.
 */
export function BarList({ title, items, color }: BarListProps) {
  const id = useId();
  const max = Math.max(1, ...items.map((item) => item.value));
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" id={id} variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Box
        component="ol"
        aria-labelledby={id}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
      >
        {items.map((item) => (
          <Box
            component="li"
            key={item.id}
            sx={{
              display: 'grid',
              gridTemplateColumns: 'minmax(8rem, 2fr) 3fr auto',
              alignItems: 'center',
              gap: 1.5,
              fontSize: 14,
            }}
          >
            <Box sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {item.label}
            </Box>
            <svg aria-hidden viewBox="0 0 100 10" preserveAspectRatio="none" height="14" width="100%">
              <rect x="0" y="0" width="100" height="10" fill="#EEF5F1" />
              <rect x="0" y="0" width={(item.value / max) * 100} height="10" fill={color} />
            </svg>
            <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', textAlign: 'right' }}>
              {item.valueText}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
