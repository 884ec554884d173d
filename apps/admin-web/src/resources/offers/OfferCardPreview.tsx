import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { brandOf, discountLabel, formatOfferDate, OfferCard } from '@tullab/ui';
import { useId, useState } from 'react';
import { ARABIC } from './Bilingual';
import { categoryLabels, type CardOffer } from './types';

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
 * The offer's card as students see it on the home page (the student app's card, SPEC §4 "Offer card display"), with
 * the staff console's English words. A toggle shows it as students reading English or Arabic see it (right to left,
 * each missing Arabic text in English).
 */
export function OfferCardPreview({ offer: given }: { offer: CardOffer }) {
  const id = useId();
  const [language, setLanguage] = useState<CardLanguage>('en');
  const offer = cardIn(given, language);
  const brand = brandOf(offer) || 'Brand';
  const validUntil = formatOfferDate(offer.expiresAt);

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
      <Box {...(language === 'ar' ? ARABIC : {})} sx={{ gridColumn: '1 / -1', mt: 0.5 }}>
        <OfferCard
          headingId={`${id}-brand`}
          logoUrl={offer.logoUrl}
          texts={{
            brand,
            logo: `${brand} logo`,
            category: categoryLabels[offer.businessCategory] ?? null,
            label: discountLabel(offer),
            title: offer.title || 'Offer title',
            description: offer.description || offer.businessDescription || null,
            validity: validUntil ? `Valid until ${validUntil}` : null,
            getOffer: 'Get Offer',
            getOfferFrom: `Get Offer from ${brand}`,
          }}
        />
      </Box>
    </Box>
  );
}
