import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { proposalStatuses, type OfferProposalAnswer } from '@tullab/contracts';

export const proposalKinds = ['new', 'edit'] as const;

/**
 * A merchant's proposal of a new offer or of an edit of one of their brand's offers (issue 16 point 5, decision 016):
 * nothing changes for students until staff approve it. `fields` are the proposed fields as `proposalFields` parsed
 * them (a date as its ISO text); `offerId` is the edited offer, or the offer the approval of a new one made.
 */
export const OfferProposalSchema = defineEntity({
  name: 'OfferProposal',
  tableName: 'offer_proposal',
  properties: {
    id: p.uuid().primary(),
    brandId: p.uuid(),
    offerId: p.uuid().nullable(),
    kind: p.enum([...proposalKinds]),
    status: p.enum([...proposalStatuses]),
    fields: p.json<OfferProposalAnswer['fields']>(),
    /** the proposed logo, stored as an offer's (LOGO_BUCKET, under `offers/`); null when none was sent */
    logoKey: p.string().nullable(),
    logoContentType: p.string().nullable(),
    /** staff's reason when they rejected it (sent to the brand's contact) */
    reason: p.text().nullable(),
    /** the merchant user who proposed it */
    proposedBy: p.uuid(),
    decidedBy: p.uuid().nullable(),
    decidedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
  },
});
export type OfferProposal = InferEntity<typeof OfferProposalSchema>;
