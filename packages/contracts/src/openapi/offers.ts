import { z } from 'zod';
import { reportBody } from '../offers/code-reports.js';
import { myCodesQuery } from '../offers/my-codes.js';
import { analyticsBody } from '../offers/tracking.js';
import { answers, messageAnswer } from './answers.js';
import { routeGroup } from './route.js';

/**
 * SPEC §7.3: the tracking calls' body, `{ studentId }` in the SPEC. The server takes the student from the session,
 * whatever the body says (S29), and reads nothing of it: any JSON is taken.
 */
const trackingBody = z.unknown().meta({
  description: 'any JSON, not read: the SPEC sends `{ "studentId": … }`; the student comes from the session',
  example: { studentId: null },
});

/** An offer's `:id`: anything but a UUID names no offer (404, as an unknown one). */
const onOffer = { params: z.object({ id: z.uuid() }), notFound: 'Offer not found' } as const;

/**
 * `GET /offers/:id/logo?v=`: the logo's version, as the offer's `logoUrl` names it, which makes the URL one whose
 * answer never changes. Any other value (or several) is no version: the answer is revalidated then.
 */
const logoQuery = z.object({
  v: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .meta({ description: "the logo's version: with the current one, the logo may be kept for a year" }),
});

const tracking = <const P extends string, B extends z.ZodType>(path: P, summary: string, body: B) =>
  ({
    method: 'post',
    path,
    summary,
    access: 'anyone',
    body,
    status: 202,
    answer: messageAnswer,
    tracking: true,
    refusals: [429],
  }) as const;

export const offers = routeGroup({
  owner: 'offers',
  tag: 'Offers and tracking',
  description: "SPEC §7.3: the catalogue, redemption, tracking, a student's saved offers, codes and reports",
  routes: {
    catalogue: {
      method: 'get',
      path: '/offers',
      summary: 'The catalogue',
      description: 'Live offers, with an `ETag`; a matching `If-None-Match` answers 304.',
      access: 'anyone',
      answer: z.array(answers.catalogueOffer),
    },
    offer: {
      method: 'get',
      path: '/offers/:id',
      summary: 'One live offer with the texts of its modal',
      access: 'anyone',
      ...onOffer,
      answer: answers.publicOffer,
    },
    logo: {
      method: 'get',
      path: '/offers/:id/logo',
      summary: "An offer's logo",
      access: 'anyone',
      ...onOffer,
      query: logoQuery,
      file: 'The logo image',
    },
    redeem: {
      method: 'post',
      path: '/offers/:id/redeem',
      summary: 'Reveal the code or referral link of an offer',
      access: 'activeStudent',
      ...onOffer,
      answer: answers.redeemAnswer,
      refusals: [409, 410, 429],
    },
    copyCode: { ...tracking('/offers/:id/copy', 'Count a copied code', trackingBody), ...onOffer },
    referralClick: {
      ...tracking('/offers/:id/referral-click', "Count a referral 'Get Offer'", trackingBody),
      ...onOffer,
    },
    analytics: tracking('/analytics', 'Count an opened card or a copied share link', analyticsBody),
    save: {
      method: 'put',
      path: '/offers/:id/save',
      summary: 'Save an offer',
      access: 'student',
      ...onOffer,
      status: 204,
      refusals: [409],
    },
    unsave: {
      method: 'delete',
      path: '/offers/:id/save',
      summary: 'Forget a saved offer',
      access: 'student',
      ...onOffer,
      status: 204,
    },
    savedOffers: {
      method: 'get',
      path: '/students/me/saved',
      summary: "The student's saved offers",
      access: 'student',
      answer: answers.savedOffers,
    },
    myCodes: {
      method: 'get',
      path: '/students/me/codes',
      summary: 'The codes the student revealed',
      access: 'student',
      query: myCodesQuery,
      answer: answers.myCodes,
    },
    reportCode: {
      method: 'post',
      path: '/offers/:id/reports',
      summary: 'Report a revealed code that did not work',
      access: 'student',
      ...onOffer,
      body: reportBody,
      status: 201,
      answer: answers.codeReportReceipt,
      refusals: [409, 429],
    },
  },
});
