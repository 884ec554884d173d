import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface SectionProps {
  title: string;
  children: ReactNode;
  /** spans both columns of a two-column page */
  wide?: boolean;
  /** buttons beside the title */
  actions?: ReactNode;
}

/** One titled part of a show page (a level-2 heading, so screen-reader users can jump between parts). */
export function Section({ title, children, wide = false, actions }: SectionProps) {
  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: 2, gridColumn: wide ? '1 / -1' : undefined, minWidth: 0 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1 }}>
        <Typography component="h2" variant="h6">
          {title}
        </Typography>
        {actions}
      </Stack>
      <Stack spacing={1}>{children}</Stack>
    </Paper>
  );
}

/** Sections side by side on wide screens, stacked on narrow ones. */
export function SectionGrid({ children }: { children: ReactNode }) {
  return (
    <Stack
      sx={{ p: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
      component="div"
    >
      {children}
    </Stack>
  );
}
