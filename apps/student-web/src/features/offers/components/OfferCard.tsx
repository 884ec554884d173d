import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { categoryLabel } from '../catalogue';
import { brandOf, formatOfferDate } from '../offer-display';
import type { Offer } from '../offer';
import { BrandLogo } from './BrandLogo';
import { DiscountBadge } from './DiscountBadge';
import { Placeholder } from './Placeholder';

const CARD_LOGO_SIZE = 56;
/** Cards share one height so a row never jumps as cards load or filters change. */
const CARD_MIN_HEIGHT = 300;

export interface OfferCardProps {
  offer: Offer;
  onOpen: (offer: Offer) => void;
}

/**
 * One offer in the grid (SPEC §4 "Offer card display"). A click anywhere on the card opens the offer; keyboard
 * users reach the same thing through its 'Get Offer' button, whose click bubbles to the card.
 */
export const OfferCard = memo(function OfferCard({ offer, onOpen }: OfferCardProps) {
  const brand = brandOf(offer);
  const validUntil = formatOfferDate(offer.expiresAt);
  const category = categoryLabel(offer.businessCategory);
  const headingId = `offer-${offer.id}-brand`;

  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      onClick={() => onOpen(offer)}
      sx={{
        height: '100%',
        minHeight: CARD_MIN_HEIGHT,
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        p: 2.5,
        cursor: 'pointer',
        transition: 'box-shadow 150ms, border-color 150ms',
        '&:hover, &:focus-within': { borderColor: 'primary.main', boxShadow: 3 },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <BrandLogo name={brand} src={offer.logoUrl} size={CARD_LOGO_SIZE} />
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }} noWrap>
            {brand}
          </Typography>
          {category ? (
            <Box
              component="span"
              sx={{
                display: 'inline-block',
                mt: 0.5,
                px: 1,
                py: 0.25,
                borderRadius: 999,
                border: 1,
                borderColor: 'divider',
                fontSize: '0.75rem',
                color: 'text.secondary',
              }}
            >
              {category}
            </Box>
          ) : null}
        </Box>
      </Box>

      <DiscountBadge offer={offer} />

      <Box sx={{ flexGrow: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{offer.title}</Typography>
        {offer.description || offer.businessDescription ? (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{
              mt: 0.5,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {offer.description ?? offer.businessDescription}
          </Typography>
        ) : null}
      </Box>

      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="caption" color="text.secondary">
          {validUntil ? `Valid until ${validUntil}` : null}
        </Typography>
        <Button variant="contained" aria-label={`Get Offer from ${brand}`}>
          Get Offer
        </Button>
      </Box>
    </Card>
  );
});

/** The loading state's stand-in for a card, the same size as one. */
export function OfferCardSkeleton() {
  return (
    <Card
      variant="outlined"
      sx={{ minHeight: CARD_MIN_HEIGHT, p: 2.5, display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Placeholder width={CARD_LOGO_SIZE} height={CARD_LOGO_SIZE} />
        <Box sx={{ flexGrow: 1, display: 'grid', gap: 1 }}>
          <Placeholder width="60%" />
          <Placeholder width="35%" />
        </Box>
      </Box>
      <Placeholder width="40%" height={32} />
      <Box sx={{ flexGrow: 1, display: 'grid', gap: 1, alignContent: 'start' }}>
        <Placeholder />
        <Placeholder width="80%" />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Placeholder width="35%" />
        <Placeholder width={96} height={36} />
      </Box>
    </Card>
  );
}
