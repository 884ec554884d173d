import Box from '@mui/material/Box';
import { discountLabel } from '../offer-display';
import type { Offer } from '../offer';

/**
 * The offer's big label ('20% OFF', 'AED 50 OFF', 'FREE SHIPPING', 'Offer'), SPEC §4 "Offer card display". The
 * spaces between the parts make it read as words; flex layout ignores them on screen.
 */
export function DiscountBadge({
  offer,
  size = 'medium',
}: {
  offer: Pick<Offer, 'offerType' | 'discountType' | 'discountValue'>;
  size?: 'medium' | 'large';
}) {
  const label = discountLabel(offer);
  return (
    <Box
      sx={{
        display: 'inline-flex',
        flexDirection: 'column',
        alignItems: 'flex-start',
        color: 'secondary.main',
        lineHeight: 1,
      }}
    >
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'baseline', gap: 0.75 }}>
        <Box component="span" sx={{ fontWeight: 800, fontSize: size === 'large' ? '2.25rem' : '1.75rem' }}>
          {label.value}
        </Box>
        {label.suffix ? (
          <>
            {' '}
            <Box component="span" sx={{ fontWeight: 700, fontSize: '1rem', color: 'primary.dark' }}>
              {label.suffix}
            </Box>
          </>
        ) : null}
      </Box>
      {label.caption ? (
        <>
          {' '}
          <Box
            component="span"
            sx={{ fontWeight: 700, fontSize: '0.8rem', letterSpacing: '0.08em', mt: 0.5 }}
          >
            {label.caption}
          </Box>
        </>
      ) : null}
    </Box>
  );
}
