import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { BRAND_GREEN, BRAND_GREEN_DEEP } from '../../theme';
import { ARABIC } from './Bilingual';
import { brandInitials, brandOf, discountLabel, formatOfferDate } from './offer-display';
import { categoryLabels, type CardOffer } from './types';

const LOGO_SIZE = 56;

/** The logo, or the brand's initials when there is none (as the student app does). */
export function BrandLogo({
  name,
  src,
  size = LOGO_SIZE,
}: {
  name: string;
  src: string | null;
  size?: number;
}) {
  const frame = {
    width: size,
    height: size,
    flexShrink: 0,
    borderRadius: 2,
    border: 1,
    borderColor: 'divider',
  };
  if (!src) {
    return (
      <Box
        role="img"
        aria-label={`${name} logo`}
        sx={{
          ...frame,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'primary.light',
          fontWeight: 800,
          fontSize: size * 0.36,
        }}
      >
        {brandInitials(name)}
      </Box>
    );
  }
  return (
    <Box sx={{ ...frame, p: 0.5, bgcolor: 'common.white', overflow: 'hidden' }}>
      <img
        src={src}
        alt={`${name} logo`}
        width={size}
        height={size}
        style={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }}
      />
    </Box>
  );
}

export type CardLanguage = 'en' | 'ar';

const arabic = (text: string | null | undefined) => (text?.trim() ? text : null);

/**
 * The card's texts as students reading `language` see them (issue 12): in Arabic, the Arabic title and description
 * where the offer has them and the English ones where it has not, as the student app falls back.
 */
export function cardIn(offer: CardOffer, language: CardLanguage): CardOffer {
  if (language === 'en') return offer;
  return {
    ...offer,
    title: arabic(offer.titleAr) ?? offer.title,
    description: arabic(offer.descriptionAr) ?? offer.description,
  };
}

/**
 * The offer's card as students see it on the home page (SPEC §4 "Offer card display"): logo, brand, category, the
 * discount label, title and description, 'Valid until' and the 'Get Offer' button (here only a picture of it). A
 * toggle shows it as students reading English or Arabic see it (right to left, each missing Arabic text in English).
 */
export function OfferCardPreview({ offer: given }: { offer: CardOffer }) {
  const id = useId();
  const [language, setLanguage] = useState<CardLanguage>('en');
  const offer = cardIn(given, language);
  const brand = brandOf(offer) || 'Brand';
  const label = discountLabel(offer);
  const validUntil = formatOfferDate(offer.expiresAt);
  const category = categoryLabels[offer.businessCategory];
  const text = offer.description || offer.businessDescription;

  return (
    <Box
      component="figure"
      sx={{
        m: 0,
        maxWidth: 360,
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr) auto',
        alignItems: 'center',
        columnGap: 1,
      }}
      aria-labelledby={`${id}-caption`}
    >
      <Typography id={`${id}-caption`} component="figcaption" variant="caption" color="text.secondary">
        Card preview, as students see it
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={language}
        onChange={(_event, chosen: CardLanguage | null) => chosen && setLanguage(chosen)}
        aria-label="Card language"
      >
        <ToggleButton value="en" sx={{ py: 0.25 }}>
          English
        </ToggleButton>
        <ToggleButton value="ar" sx={{ py: 0.25 }}>
          Arabic
        </ToggleButton>
      </ToggleButtonGroup>
      <Card
        variant="outlined"
        {...(language === 'ar' ? ARABIC : {})}
        sx={{
          gridColumn: '1 / -1',
          mt: 0.5,
          minHeight: 300,
          display: 'flex',
          flexDirection: 'column',
          gap: 2,
          p: 2.5,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <BrandLogo name={brand} src={offer.logoUrl} />
          <Box sx={{ minWidth: 0 }}>
            <Typography component="p" variant="subtitle1" sx={{ fontWeight: 700 }} noWrap>
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
        <Box sx={{ color: 'secondary.main', lineHeight: 1 }}>
          <Box component="span" sx={{ fontWeight: 800, fontSize: '1.75rem' }}>
            {label.value}
          </Box>
          {label.suffix ? (
            <Box component="span" sx={{ fontWeight: 700, ml: 0.75, color: 'primary.main' }}>
              {' '}
              {label.suffix}
            </Box>
          ) : null}
          {label.caption ? (
            <Box
              component="span"
              sx={{ display: 'block', fontWeight: 700, fontSize: '0.8rem', letterSpacing: '0.08em', mt: 0.5 }}
            >
              {' '}
              {label.caption}
            </Box>
          ) : null}
        </Box>
        <Box sx={{ flexGrow: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{offer.title || 'Offer title'}</Typography>
          {text ? (
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
              {text}
            </Typography>
          ) : null}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="caption" color="text.secondary">
            {validUntil ? `Valid until ${validUntil}` : null}
          </Typography>
          <Box
            component="span"
            sx={{
              px: 2,
              py: 0.75,
              borderRadius: 1,
              bgcolor: BRAND_GREEN,
              color: BRAND_GREEN_DEEP,
              fontWeight: 600,
              fontSize: 14,
            }}
          >
            Get Offer
          </Box>
        </Box>
      </Card>
    </Box>
  );
}
