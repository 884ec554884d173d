import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';

export interface StatTile {
  label: string;
  value: ReactNode;
  /** a line under the value ('since 12 Nov, 10:00') */
  hint?: ReactNode;
  /** draws attention (something waits too long, a pool runs low) */
  warn?: boolean;
}

/** A few headline numbers as a description list: each label is a term, its number the description. */
export function StatTiles({ tiles }: { tiles: StatTile[] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))', gap: 1.5, m: 0 }}
    >
      {tiles.map((tile) => (
        <Paper
          key={tile.label}
          variant="outlined"
          sx={{ p: 1.5, borderColor: tile.warn ? 'warning.main' : 'divider', borderWidth: tile.warn ? 2 : 1 }}
        >
          <Box component="dt" sx={{ fontSize: 13, color: 'text.secondary' }}>
            {tile.label}
          </Box>
          <Box component="dd" sx={{ m: 0, fontSize: 26, fontWeight: 700, lineHeight: 1.3 }}>
            {tile.value}
          </Box>
          {tile.hint ? (
            <Box component="dd" sx={{ m: 0, fontSize: 12, color: 'text.secondary' }}>
              {tile.hint}
            </Box>
          ) : null}
        </Paper>
      ))}
    </Box>
  );
}
