import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { CSSProperties } from 'react';

/**
 * SPEC §2/§9: five press logos. The publications are fictional wordmarks drawn as text (no real trademarks);
 * each has its own type treatment so the strip reads as five different mastheads.
 */
const PRESS_MENTIONS: readonly { name: string; style: CSSProperties }[] = [
  { name: 'The Gulf Ledger', style: { fontFamily: 'Georgia, "Times New Roman", serif', fontWeight: 700 } },
  {
    name: 'Campus Arabia',
    style: { fontWeight: 800, textTransform: 'uppercase', letterSpacing: '0.12em', fontSize: '0.95rem' },
  },
  { name: 'Desert Tech Weekly', style: { fontWeight: 300, letterSpacing: '-0.02em' } },
  {
    name: 'Marina Business Journal',
    style: { fontFamily: 'Georgia, "Times New Roman", serif', fontStyle: 'italic', fontWeight: 600 },
  },
  { name: 'Oasis Digest', style: { fontWeight: 900, letterSpacing: '-0.04em', fontSize: '1.35rem' } },
];

/** 'We Have Been Mentioned By...': the press strip near the foot of the home page. */
export function PressStrip() {
  return (
    <Box
      component="section"
      aria-labelledby="press-heading"
      sx={{ py: { xs: 6, md: 8 }, bgcolor: 'common.white' }}
    >
      <Container maxWidth="lg">
        <Typography id="press-heading" component="h2" variant="h4" align="center">
          We Have Been Mentioned By...
        </Typography>
        <Typography color="text.secondary" align="center" sx={{ mt: 1, mb: 4 }}>
          Leading publications across the Middle East
        </Typography>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: 'repeat(2, minmax(0, 1fr))',
              sm: 'repeat(3, minmax(0, 1fr))',
              md: 'repeat(5, minmax(0, 1fr))',
            },
          }}
        >
          {PRESS_MENTIONS.map(({ name, style }) => (
            <Box
              component="li"
              key={name}
              sx={{
                height: 72,
                display: 'grid',
                placeItems: 'center',
                textAlign: 'center',
                px: 1.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
                color: 'text.secondary',
                fontSize: '1.15rem',
                lineHeight: 1.15,
              }}
            >
              <span style={style}>{name}</span>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
