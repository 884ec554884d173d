import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import { keyframes } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useGetOffersQuery } from '../../offers/api';
import { BrandLogo } from '../../offers/components/BrandLogo';
import { Placeholder } from '../../offers/components/Placeholder';
import { PARTNER_ROWS, partnerLogoRows, type PartnerLogo } from '../partner-logos';

const LOGO_SIZE = 72;
const TILE_PADDING_X = 20;
const ROW_HEIGHT = LOGO_SIZE + 16;
const SECONDS_PER_LOOP = 40;

/** The track holds the logos twice; moving it by half its width brings the second copy where the first began. */
const slide = keyframes`
  from { transform: translateX(0); }
  to { transform: translateX(-50%); }
`;

const reducedMotion = '@media (prefers-reduced-motion: reduce)';

function LogoRow({ logos, reverse, paused }: { logos: PartnerLogo[]; reverse: boolean; paused: boolean }) {
  return (
    <Box
      sx={{
        overflow: 'hidden',
        maskImage: 'linear-gradient(to right, transparent, #000 6%, #000 94%, transparent)',
      }}
    >
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'flex',
          width: 'max-content',
          animation: `${slide} ${SECONDS_PER_LOOP}s linear infinite`,
          animationDirection: reverse ? 'reverse' : 'normal',
          animationPlayState: paused ? 'paused' : 'running',
          '&:hover': { animationPlayState: 'paused' },
          [reducedMotion]: {
            animation: 'none',
            width: 'auto',
            flexWrap: 'wrap',
            justifyContent: 'center',
            '& > [aria-hidden="true"]': { display: 'none' },
          },
        }}
      >
        {[...logos, ...logos].map((logo, i) => {
          const copy = i >= logos.length;
          return (
            <Box
              component="li"
              key={i}
              aria-hidden={copy || undefined}
              sx={{ px: `${TILE_PADDING_X / 2}px`, py: 1, height: ROW_HEIGHT }}
            >
              <BrandLogo name={logo.name} src={logo.logoUrl} size={LOGO_SIZE} decorative={copy} />
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/**
 * 'Some of Our Offers...' (SPEC §2): 22 logos of the catalogue's brands in two auto-scrolling rows of 11, the
 * second running the other way. Motion pauses on hover and with the pause button (WCAG 2.2.2), and stops for
 * people who ask their system for reduced motion.
 */
export function PartnerCarousel() {
  const { data: offers, isLoading } = useGetOffersQuery();
  const rows = useMemo(() => partnerLogoRows(offers ?? []), [offers]);
  const [paused, setPaused] = useState(false);

  if (!isLoading && rows.length === 0) return null;

  return (
    <Box component="section" aria-labelledby="partners-heading" sx={{ py: { xs: 6, md: 8 } }}>
      <Container maxWidth="lg" sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
        <Typography id="partners-heading" component="h2" variant="h4" sx={{ flexGrow: 1 }}>
          Some of Our Offers...
        </Typography>
        <IconButton
          onClick={() => setPaused((p) => !p)}
          aria-label={paused ? 'Play the logo carousel' : 'Pause the logo carousel'}
          sx={{ border: 1, borderColor: 'divider', [reducedMotion]: { display: 'none' } }}
        >
          {paused ? <PlayArrowIcon /> : <PauseIcon />}
        </IconButton>
      </Container>
      {isLoading ? (
        <Box aria-hidden sx={{ display: 'grid', gap: 2, px: 2 }}>
          {Array.from({ length: PARTNER_ROWS }, (_, i) => (
            <Placeholder key={i} height={ROW_HEIGHT} />
          ))}
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {rows.map((logos, i) => (
            <LogoRow key={i} logos={logos} reverse={i % 2 === 1} paused={paused} />
          ))}
        </Box>
      )}
    </Box>
  );
}
