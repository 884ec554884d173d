import type { GuideStep, PublicOfferAnswer } from '@tullab/contracts';

/** One step of an offer's redemption guide (`discountRedemptionGuide`, SPEC §3 "Offer"). */
export type RedemptionStep = GuideStep;

/**
 * An offer as the catalogue lists it (`GET /api/offers`, decision 007): what its card, the search and the sorts use.
 * It never carries `code` or `referralLink` (ARCHITECTURE "Trust boundaries"): a student gets them only by redeeming.
 */
export interface OfferSummary {
  id: string;
  title: string;
  /** the Arabic title (issue 12), when the offer has one; see localised.ts */
  titleAr?: string | null;
  brandName: string;
  businessName: string | null;
  logoUrl: string | null;
  businessDescription: string | null;
  description: string | null;
  /** the Arabic description, when the offer has one */
  descriptionAr?: string | null;
  businessCategory: string | null;
  /** 'referral', otherwise a discount code */
  offerType: string | null;
  /** 'percentage', 'fixed', 'free_shipping'; anything else is shown as free */
  discountType: string | null;
  discountValue: number | null;
  expiresAt: string | null;
  createdAt: string | null;
  currentUses: number;
}

/** An offer opened in its modal (SPEC §3 "Offer", `GET /api/offers/:id`): the catalogue's fields and its texts. */
export interface Offer extends OfferSummary {
  /** empty when the offer has no guide of its own: the modal then shows the default guide */
  discountRedemptionGuide: RedemptionStep[];
  /** the guide in Arabic; empty when the offer has none */
  discountRedemptionGuideAr?: RedemptionStep[];
  termsAndConditions: string | null;
  /** the terms in Arabic, when the offer has them */
  termsAndConditionsAr?: string | null;
  generalInfo: string | null;
  /** the brand's website (an http(s) address), when it has one */
  websiteLink: string | null;
}

/** What the server may send: SPEC §3 allows `discountValue` as a string and the guide as a JSON string. */
export type OfferResponse = Partial<
  Omit<
    PublicOfferAnswer,
    'id' | 'discountValue' | 'discountRedemptionGuide' | 'discountRedemptionGuideAr' | 'currentUses'
  >
> & {
  id: string | number;
  discountValue?: number | string | null;
  currentUses?: number | string | null;
  discountRedemptionGuide?: unknown;
  discountRedemptionGuideAr?: unknown;
};

export const isReferral = (offer: Pick<Offer, 'offerType'>) => offer.offerType === 'referral';

/** Only web addresses are ever opened or linked (never `javascript:` or the like). */
export function isWebLink(link: unknown): link is string {
  if (typeof link !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(link).protocol);
  } catch {
    return false;
  }
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

const finiteNumber = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

function parseGuide(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return [];
  }
}

/**
 * The guide as a list of numbered steps. Entries without an instruction are dropped; a step without a number
 * falls back to its position (SPEC §2 "Offer modal").
 */
export function normalizeGuide(raw: unknown): RedemptionStep[] {
  const parsed = parseGuide(raw);
  if (!Array.isArray(parsed)) return [];
  const steps = parsed.filter(
    (entry): entry is { step?: unknown; instruction: string } =>
      typeof entry === 'object' &&
      entry !== null &&
      text((entry as { instruction?: unknown }).instruction) !== null,
  );
  return steps.map((entry, index) => ({
    step: finiteNumber(entry.step) ?? index + 1,
    instruction: entry.instruction.trim(),
  }));
}

/** One offer of `GET /api/offers`, with its loosely typed fields made exact. */
export function normalizeSummary(raw: OfferResponse): OfferSummary {
  return {
    id: String(raw.id),
    title: raw.title ?? '',
    titleAr: text(raw.titleAr),
    brandName: raw.brandName ?? '',
    businessName: text(raw.businessName),
    logoUrl: text(raw.logoUrl),
    businessDescription: text(raw.businessDescription),
    description: text(raw.description),
    descriptionAr: text(raw.descriptionAr),
    businessCategory: text(raw.businessCategory),
    offerType: text(raw.offerType),
    discountType: text(raw.discountType),
    discountValue: finiteNumber(raw.discountValue),
    expiresAt: text(raw.expiresAt),
    createdAt: text(raw.createdAt),
    currentUses: finiteNumber(raw.currentUses) ?? 0,
  };
}

/** `GET /api/offers/:id`, with its loosely typed fields made exact. */
export function normalizeOffer(raw: OfferResponse): Offer {
  return {
    ...normalizeSummary(raw),
    discountRedemptionGuide: normalizeGuide(raw.discountRedemptionGuide),
    discountRedemptionGuideAr: normalizeGuide(raw.discountRedemptionGuideAr),
    termsAndConditions: text(raw.termsAndConditions),
    termsAndConditionsAr: text(raw.termsAndConditionsAr),
    generalInfo: text(raw.generalInfo),
    websiteLink: isWebLink(raw.websiteLink) ? raw.websiteLink : null,
  };
}
