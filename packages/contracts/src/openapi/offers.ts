import { z } from 'zod';
import { reportBody } from '../offers/code-reports.js';
import { myCodesQuery } from '../offers/my-codes.js';
import { analyticsBody } from '../offers/tracking.js';
import { answers, messageAnswer } from './answers.js';
import { type ApiRoute, routeGroup } from './route.js';

/** SPEC §7.3: the tracking calls' body; the server takes the student from the session, whatever it says. */
const trackingBody = z.object({
  studentId: z
    .string()
    .nullable()
    .optional()
    .meta({ description: 'ignored: the student comes from the session' }),
});

const tracking = (path: string, summary: string, body: z.ZodType): ApiRoute => ({
  method: 'post',
  path,
  summary,
  access: 'anyone',
  body,
  status: 202,
  answer: messageAnswer,
  tracking: true,
  refusals: [429],
});

export const offers = routeGroup({
  owner: 'offers',
  tag: 'Offers and tracking',
  description: "SPEC §7.3: the catalogue, redemption, tracking, a student's saved offers, codes and reports",
  routes: [
    {
      method: 'get',
      path: '/offers',
      summary: 'The catalogue',
      description: 'Live offers, with an `ETag`; a matching `If-None-Match` answers 304.',
      access: 'anyone',
      answer: z.array(answers.catalogueOffer),
    },
    {
      method: 'get',
      path: '/offers/:id',
      summary: 'One live offer with the texts of its modal',
      access: 'anyone',
      answer: answers.publicOffer,
    },
    {
      method: 'get',
      path: '/offers/:id/logo',
      summary: "An offer's logo",
      access: 'anyone',
      file: 'The logo image',
    },
    {
      method: 'post',
      path: '/offers/:id/redeem',
      summary: 'Reveal the code or referral link of an offer',
      access: 'activeStudent',
      answer: answers.redeemAnswer,
      refusals: [409, 410, 429],
    },
    tracking('/offers/:id/copy', 'Count a copied code', trackingBody),
    tracking('/offers/:id/referral-click', "Count a referral 'Get Offer'", trackingBody),
    tracking('/analytics', 'Count an opened card or a copied share link', analyticsBody),
    {
      method: 'put',
      path: '/offers/:id/save',
      summary: 'Save an offer',
      access: 'student',
      status: 204,
      refusals: [409],
    },
    {
      method: 'delete',
      path: '/offers/:id/save',
      summary: 'Forget a saved offer',
      access: 'student',
      status: 204,
    },
    {
      method: 'get',
      path: '/students/me/saved',
      summary: "The student's saved offers",
      access: 'student',
      answer: answers.savedOffers,
    },
    {
      method: 'get',
      path: '/students/me/codes',
      summary: 'The codes the student revealed',
      access: 'student',
      query: myCodesQuery,
      answer: answers.myCodes,
    },
    {
      method: 'post',
      path: '/offers/:id/reports',
      summary: 'Report a revealed code that did not work',
      access: 'student',
      body: reportBody,
      status: 201,
      answer: answers.codeReportReceipt,
      refusals: [409, 429],
    },
  ],
});
