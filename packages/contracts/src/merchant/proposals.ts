import { z } from 'zod';
import { checkOfferTerms, normaliseTerms } from '../offers/fields.js';
import { staffOfferFields } from '../offers/admin-offers.js';

/**
 * Offer proposals (issue 16 point 5, decision 016): a merchant proposes a new offer, or an edit of one of their
 * brand's offers; staff approve it in the console before anything changes for students; each step is audited.
 * POST /merchant/offer-proposals is multipart (these fields as text, `discountRedemptionGuide*` as JSON, and an
 * optional `logoFile`), as the merchant application is.
 */
export const proposalFields = staffOfferFields.pick({
  title: true,
  titleAr: true,
  description: true,
  descriptionAr: true,
  businessCategory: true,
  offerType: true,
  discountType: true,
  discountValue: true,
  code: true,
  referralLink: true,
  websiteLink: true,
  expiresAt: true,
  discountRedemptionGuide: true,
  discountRedemptionGuideAr: true,
  termsAndConditions: true,
  termsAndConditionsAr: true,
});

export const proposalBody = proposalFields
  .extend({
    /** the brand's offer to edit; absent for a new offer */
    offerId: z.uuid('offerId must be an offer id').nullable().default(null),
  })
  .superRefine(checkOfferTerms)
  .transform(normaliseTerms);
export type ProposalBody = z.infer<typeof proposalBody>;
export type ProposalInput = z.input<typeof proposalBody>;

/**
 * The most proposals a brand may have waiting for review at once (decision 017): one more is a 409
 * `proposals_pending_limit`, refused before its logo is read. An offer has at most one pending proposal besides.
 */
export const MAX_PENDING_PROPOSALS = 5;
/** A logo (of a proposal, an application or an offer): PNG, JPEG or WebP, at most 2 MB; more is a 413. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

export const proposalStatuses = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ProposalStatus = (typeof proposalStatuses)[number];

/** A proposal as its merchant (GET /merchant/offer-proposals) and staff (/admin/offer-proposals) see it. */
export interface OfferProposalAnswer {
  id: string;
  brandId: string;
  brandName: string;
  /** the offer it edits, or the offer its approval made; null for a new offer not yet approved */
  offerId: string | null;
  kind: 'new' | 'edit';
  status: ProposalStatus;
  /** the proposed fields, as sent (dates as ISO strings) */
  fields: z.input<typeof proposalFields>;
  hasLogo: boolean;
  /** staff's reason when rejected */
  reason: string | null;
  proposedBy: string;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
}

/** POST /admin/offer-proposals/:id/approve: a new offer is made as a draft or live. */
export const approveProposalBody = z.object({
  status: z.enum(['draft', 'live'], 'Status must be draft or live').default('draft'),
});
/** POST /admin/offer-proposals/:id/reject */
export const rejectProposalBody = z.object({
  reason: z
    .string('Please give a reason')
    .trim()
    .min(3, 'Please give a reason')
    .max(2000, 'The reason must be at most 2000 characters'),
});

/** GET /admin/offer-proposals/summary: the console dashboard's count. */
export interface OfferProposalSummary {
  pending: number;
}

/** Multipart sends every field as text: a blank one is not given, and the guides are JSON lists of steps. */
const JSON_FIELDS = ['discountRedemptionGuide', 'discountRedemptionGuideAr'];

function formValue(field: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return undefined;
  if (field === 'discountValue') return Number(value);
  if (!JSON_FIELDS.includes(field)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/**
 * POST /merchant/offer-proposals: the multipart form's text fields (or a JSON body) as `proposalBody` takes them;
 * a ZodError names the field when one is wrong. The logo is the form's file, not one of these.
 */
export function parseProposalForm(fields: Record<string, unknown>): ProposalBody {
  const input = Object.fromEntries(
    Object.entries(fields)
      .filter(([field]) => field !== 'logoFile')
      .map(([field, value]) => [field, formValue(field, value)]),
  );
  return proposalBody.parse(input);
}
