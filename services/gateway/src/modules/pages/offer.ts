import { z } from 'zod';
import type { Language } from '@tullab/http';
import type { PageHead, PageHeads } from './heads';

const text = z.string().nullish().catch(null);

/** What an offer's preview shows, from its catalogue item (decision 007). */
const offerCardSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  title: z.string(),
  titleAr: text,
  brandName: text,
  businessName: text,
  logoUrl: text,
  description: text,
  descriptionAr: text,
  businessDescription: text,
  offerType: text,
  discountType: text,
  discountValue: z.coerce.number().nullish().catch(null),
});

export type OfferCard = z.infer<typeof offerCardSchema>;

/** The catalogue's offers a preview can show (an item it cannot read is left out). */
export function offerCards(items: readonly unknown[]): OfferCard[] {
  return items.flatMap((item) => {
    const parsed = offerCardSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

const present = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);

/** The brand shown for the offer, as the app shows it: the brand name, else the business name, else the title. */
export const brandOf = (offer: OfferCard) =>
  [offer.brandName, offer.businessName, offer.title].find(present) ?? offer.title;

/**
 * The offer's discount as its card's badge says it (SPEC §4), in the language's words: '20% OFF', 'AED 50 OFF',
 * 'FREE SHIPPING' ('20% خصم', '50 درهم خصم', 'شحن مجاني'); none for a referral offer, whose badge says only 'Offer'.
 */
export function discountText(offer: OfferCard, language: Language, words: PageHeads['offer']): string | null {
  if (offer.offerType === 'referral') return null;
  const { badge } = words[language];
  const amount = () =>
    (offer.discountValue ?? 0).toLocaleString(`${language}-AE`, {
      maximumFractionDigits: 2,
      useGrouping: true,
    });
  switch (offer.discountType) {
    case 'percentage':
      return `${fill(badge.percentage, { amount: amount() })} ${badge.off}`;
    case 'fixed':
      return `${fill(badge.fixed, { amount: amount() })} ${badge.off}`;
    case 'free_shipping':
      return badge.freeShipping;
    default:
      return badge.free;
  }
}

/**
 * The offer's preview texts in `language` (issue 13 point 5): its title with its brand ('Qahwa Club — 25% off your
 * first three coffee boxes'), and its discount with its description. In Arabic, the Arabic title and description
 * where the offer has them, its English ones otherwise (as the app shows it).
 */
export function offerHead(offer: OfferCard, language: Language, words: PageHeads['offer']): PageHead {
  const arabic = language === 'ar';
  const title = arabic && present(offer.titleAr) ? offer.titleAr : offer.title;
  const description = arabic && present(offer.descriptionAr) ? offer.descriptionAr : offer.description;
  const brand = brandOf(offer);
  const named = brand === offer.title ? title : `${brand} — ${title}`;
  const about = [discountText(offer, language, words), description ?? offer.businessDescription]
    .filter(present)
    .map((part) => part.trim().replace(/\s+/g, ' '));
  return { title: named, description: about.join(' · ') };
}
