import type { OfferProposalAnswer, ProposalStatus } from '@tullab/contracts';
import type { RaRecord } from 'react-admin';

/** A merchant's proposed offer or edit (`/api/admin/offer-proposals`, issue 16 point 5, decision 016). */
export type OfferProposalRecord = OfferProposalAnswer & RaRecord;

/** The proposed fields, as the record carries them. */
export type ProposedFields = OfferProposalRecord['fields'];

export const proposalStatusLabels: Record<ProposalStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

export const proposalKindLabels: Record<OfferProposalRecord['kind'], string> = {
  new: 'New offer',
  edit: 'Edit of an offer',
};

/** The usual reasons to decline; the brand's contact reads the one chosen in their e-mail. */
export const proposalRejectReasons = [
  'The offer is not a good fit for students in the UAE.',
  'The discount is not exclusive to students.',
  'The code or the terms must mention Tullab or TLB.',
  'The texts are unclear or incomplete.',
  'The Arabic texts do not match the English ones.',
] as const;

/** The proposed fields in the order the page shows them, with their labels. */
export const proposalFieldLabels: Array<[keyof ProposedFields, string]> = [
  ['title', 'Title'],
  ['titleAr', 'Title (Arabic)'],
  ['description', 'Description'],
  ['descriptionAr', 'Description (Arabic)'],
  ['businessCategory', 'Category'],
  ['offerType', 'Type'],
  ['discountType', 'Discount type'],
  ['discountValue', 'Discount value'],
  ['code', 'Discount code'],
  ['referralLink', 'Referral link'],
  ['websiteLink', 'Website'],
  ['expiresAt', 'Valid until'],
  ['discountRedemptionGuide', 'How to redeem'],
  ['discountRedemptionGuideAr', 'How to redeem (Arabic)'],
  ['termsAndConditions', 'Terms and conditions'],
  ['termsAndConditionsAr', 'Terms and conditions (Arabic)'],
];
