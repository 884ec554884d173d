import { languageOfTag } from '@tullab/web-kit/i18n/languages';
import type { Offer, OfferSummary } from './offer';

/**
 * Offers in the language the app shows (issue 12). The server sends each offer's English texts and, when it has them,
 * their Arabic ones beside them (`titleAr`, `descriptionAr`, `discountRedemptionGuideAr`, `termsAndConditionsAr`).
 * Read in Arabic, an offer shows each Arabic text it has and the English one for each it has not; read in English it
 * is the offer exactly as it came (the same object). The components only ever see offers localised here (api.ts).
 */

/** Whether `language` (i18next's `i18n.language`: 'en', 'ar', or a tag such as 'ar-AE') is Arabic. */
export const isArabic = (language: string | null | undefined): boolean => languageOfTag(language) === 'ar';

const present = (text: string | null | undefined): text is string =>
  typeof text === 'string' && text.trim() !== '';

/** The offer each localised copy was made from: the search reads its English texts too (catalogue.ts). */
const originals = new WeakMap<OfferSummary, OfferSummary>();

/** The offer as the server sent it, English texts included, whatever language it was localised for. */
export const originalOf = <T extends OfferSummary>(offer: T): T =>
  (originals.get(offer) as T | undefined) ?? offer;

function copyOf<T extends OfferSummary>(offer: T, texts: Partial<T>): T {
  const copy = { ...offer, ...texts };
  originals.set(copy, originalOf(offer));
  return copy;
}

/** A catalogue offer in `language`: in Arabic, its Arabic title and description where it has them. */
export function localiseSummary<T extends OfferSummary>(offer: T, language: string | null | undefined): T {
  if (!isArabic(language) || !(present(offer.titleAr) || present(offer.descriptionAr))) return offer;
  return copyOf(offer, {
    title: present(offer.titleAr) ? offer.titleAr : offer.title,
    description: present(offer.descriptionAr) ? offer.descriptionAr : offer.description,
  } as Partial<T>);
}

/** An opened offer in `language`: the catalogue's texts, and in Arabic its Arabic guide and terms where it has them. */
export function localiseOffer(offer: Offer, language: string | null | undefined): Offer {
  const summary = localiseSummary(offer, language);
  const guide = offer.discountRedemptionGuideAr ?? [];
  const arabicGuide = guide.length > 0;
  if (!isArabic(language) || !(arabicGuide || present(offer.termsAndConditionsAr))) return summary;
  return copyOf(summary, {
    discountRedemptionGuide: arabicGuide ? guide : offer.discountRedemptionGuide,
    termsAndConditions: present(offer.termsAndConditionsAr)
      ? offer.termsAndConditionsAr
      : offer.termsAndConditions,
  });
}

/** Each catalogue's Arabic reading, made once, so the search index and the components' memos keep working. */
const arabicCatalogues = new WeakMap<readonly OfferSummary[], OfferSummary[]>();
const arabicOffers = new WeakMap<Offer, Offer>();

/** The catalogue in `language`; the same array each time for the same catalogue (`offers` itself in English). */
export function localiseOffers(offers: OfferSummary[], language: string | null | undefined): OfferSummary[] {
  if (!isArabic(language)) return offers;
  let localised = arabicCatalogues.get(offers);
  if (!localised) {
    localised = offers.map((offer) => localiseSummary(offer, language));
    arabicCatalogues.set(offers, localised);
  }
  return localised;
}

/** An opened offer in `language`; the same object each time for the same offer. */
export function localiseOpenedOffer(offer: Offer, language: string | null | undefined): Offer {
  if (!isArabic(language)) return offer;
  let localised = arabicOffers.get(offer);
  if (!localised) arabicOffers.set(offer, (localised = localiseOffer(offer, language)));
  return localised;
}
