import { z } from 'zod';
import { approveProposalBody, proposalFields, rejectProposalBody } from '../merchant/proposals.js';
import { fileField, routeGroup, type Access, type ApiRoute } from './route.js';

const LOGO = 'The proposed logo: PNG, JPEG or WebP, at most 2 MB';

const proposal = z.looseObject({}).meta({
  id: 'OfferProposalAnswer',
  description:
    'A proposed offer or edit, its fields and its decision (`OfferProposalAnswer` in @tullab/contracts)',
});
const summary = z.object({ pending: z.number().int() }).meta({
  id: 'OfferProposalSummary',
  description: 'How many proposals wait for a decision (`OfferProposalSummary` in @tullab/contracts)',
});

/** The multipart form: the offer's fields as text, the guides as JSON lists of steps, the edited offer, the logo. */
const proposalForm = proposalFields.extend({
  offerId: z
    .uuid()
    .nullable()
    .optional()
    .meta({ description: "The brand's offer to edit; absent for a new offer" }),
  logoFile: fileField(LOGO).optional(),
});

const logo = <const P extends string>(path: P, access: Access) =>
  ({
    method: 'get',
    path: `${path}/:id/logo` as const,
    summary: "A proposal's logo",
    access,
    file: 'The logo image',
  }) satisfies ApiRoute;

/** Offer proposals (issue 16 point 5, decision 016): merchants propose, staff decide. */
export const offerProposals = routeGroup({
  owner: 'offers',
  tag: 'Offer proposals',
  description:
    "A merchant proposes a new offer or an edit of one of their brand's offers; staff approve or reject it " +
    '(docs/decisions/016-merchant-portal.md)',
  routes: {
    propose: {
      method: 'post',
      path: '/merchant/offer-proposals',
      summary: 'Propose a new offer, or an edit of one of the brand’s offers',
      description:
        'A multipart form, as the merchant application is. `offerId` must name one of the brand’s offers (404 ' +
        'otherwise); an offer has at most one pending proposal (409), a brand at most 5 (409 ' +
        '`proposals_pending_limit`, answered before the logo is read). Nothing changes until staff approve it; ' +
        'the logo of a proposal withdrawn or rejected is deleted (decision 017).',
      access: 'merchant',
      upload: true,
      body: proposalForm,
      status: 201,
      answer: proposal,
      refusals: [404, 409, 413, 415],
    },
    brandProposals: {
      method: 'get',
      path: '/merchant/offer-proposals',
      summary: "The brand's proposals, newest first",
      access: 'merchant',
      answer: z.array(proposal),
    },
    brandProposal: {
      method: 'get',
      path: '/merchant/offer-proposals/:id',
      summary: 'One of the brand’s proposals',
      access: 'merchant',
      answer: proposal,
    },
    brandProposalLogo: logo('/merchant/offer-proposals', 'merchant'),
    withdrawProposal: {
      method: 'post',
      path: '/merchant/offer-proposals/:id/withdraw',
      summary: 'Withdraw a pending proposal',
      access: 'merchant',
      answer: proposal,
      refusals: [409],
    },
    proposals: {
      method: 'get',
      path: '/admin/offer-proposals',
      summary: 'List offer proposals',
      description: 'Filters: `status`, `brandId`, `kind`, `offerId`.',
      access: 'staff',
      list: {
        resource: 'offer-proposals',
        sortable: ['createdAt', 'status', 'kind', 'decidedAt'],
        filterable: { status: 'in', brandId: 'uuid', kind: 'in', offerId: 'uuid' },
        defaultSort: ['createdAt', 'DESC'],
      },
      answer: z.array(proposal),
    },
    proposalSummary: {
      method: 'get',
      path: '/admin/offer-proposals/summary',
      summary: 'How many proposals wait',
      access: 'staff',
      answer: summary,
    },
    proposal: {
      method: 'get',
      path: '/admin/offer-proposals/:id',
      summary: 'One offer proposal',
      access: 'staff',
      answer: proposal,
    },
    proposalLogo: logo('/admin/offer-proposals', 'staff'),
    approveProposal: {
      method: 'post',
      path: '/admin/offer-proposals/:id/approve',
      summary: 'Approve a proposal: the offer is made (draft or live) or changed',
      description: "The brand's contact is e-mailed. A proposal is decided once (409 afterwards).",
      access: 'staff',
      body: approveProposalBody,
      answer: proposal,
      refusals: [409],
    },
    rejectProposal: {
      method: 'post',
      path: '/admin/offer-proposals/:id/reject',
      summary: 'Reject a proposal with a reason, e-mailed to the brand’s contact',
      access: 'staff',
      body: rejectProposalBody,
      answer: proposal,
      refusals: [409],
    },
  },
});
