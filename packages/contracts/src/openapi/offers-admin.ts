import { z } from 'zod';
import { createOfferBody, updateOfferBody } from '../offers/admin-offers.js';
import { reportDecisionBody } from '../offers/code-reports.js';
import {
  applicationForm,
  approveApplicationBody,
  rejectApplicationBody,
} from '../offers/merchant-applications.js';
import { importCodesBody } from '../offers/redemptions.js';
import { auditLog } from './admin-resources.js';
import { answers } from './answers.js';
import { fileField, type ApiRoute, routeGroup } from './route.js';

/** Offers' audit log. */
export const offersAuditLog = auditLog('/admin/offer-audit-log', 'offer-audit-log', 'offers');

const LOGO = 'The logo picture: PNG, JPEG or WebP';

const offerAction = (action: string, summary: string): ApiRoute => ({
  method: 'post',
  path: `/admin/offers/:id/${action}`,
  summary,
  access: 'staff',
  answer: answers.adminOffer,
  refusals: [409],
});

export const merchantApplications = routeGroup({
  owner: 'offers',
  tag: 'Merchant applications',
  description: 'A business applies to list an offer (docs/architecture.md, "Public API beyond SPEC §7")',
  routes: {
    apply: {
      method: 'post',
      path: '/merchant-applications',
      summary: 'Apply to list an offer',
      description: `The fields of SPEC §3.12 as a multipart form; \`logoFile\` is the logo picture (${LOGO}).`,
      access: 'anyone',
      upload: true,
      body: applicationForm,
      status: 201,
      answer: z.object({ id: z.uuid(), message: z.string() }),
      refusals: [413, 415, 429],
    },
  },
});

export const offersAdmin = routeGroup({
  owner: 'offers',
  tag: 'Admin: offers',
  description:
    'Offers, their codes and counts, applications, redemptions and code reports, for the admin console',
  routes: [
    {
      method: 'get',
      path: '/admin/offers',
      summary: 'List offers',
      access: 'staff',
      list: true,
      answer: z.array(answers.adminOffer),
    },
    {
      method: 'post',
      path: '/admin/offers',
      summary: 'Create an offer',
      access: 'staff',
      body: createOfferBody,
      status: 201,
      answer: answers.adminOffer,
    },
    {
      method: 'get',
      path: '/admin/offers/:id',
      summary: 'One offer',
      access: 'staff',
      answer: answers.adminOffer,
    },
    {
      method: 'put',
      path: '/admin/offers/:id',
      summary: 'Change an offer',
      access: 'staff',
      body: updateOfferBody,
      answer: answers.adminOffer,
      refusals: [409],
    },
    {
      method: 'delete',
      path: '/admin/offers/:id',
      summary: 'Archive an offer',
      access: 'staff',
      answer: answers.adminOffer,
    },
    offerAction('pause', 'Pause an offer'),
    offerAction('resume', 'Resume an offer'),
    {
      method: 'post',
      path: '/admin/offers/:id/logo',
      summary: "Change an offer's logo",
      access: 'staff',
      upload: true,
      body: z.object({ logoFile: fileField(LOGO) }),
      answer: answers.adminOffer,
      refusals: [413, 415],
    },
    {
      method: 'post',
      path: '/admin/offers/:id/codes',
      summary: "Add codes to an offer's pool",
      access: 'staff',
      body: importCodesBody,
      answer: answers.codeImport,
    },
    {
      method: 'get',
      path: '/admin/offers/:id/stats',
      summary: "An offer's daily counts",
      access: 'staff',
      list: true,
      answer: z.array(answers.offerStat),
    },
    {
      method: 'get',
      path: '/admin/merchant-applications',
      summary: 'List merchant applications',
      access: 'staff',
      list: true,
      answer: z.array(answers.merchantApplication),
    },
    {
      method: 'get',
      path: '/admin/merchant-applications/:id',
      summary: 'One merchant application',
      access: 'staff',
      answer: answers.merchantApplication,
    },
    {
      method: 'get',
      path: '/admin/merchant-applications/:id/logo',
      summary: "An application's logo",
      access: 'staff',
      file: 'The logo image',
    },
    {
      method: 'post',
      path: '/admin/merchant-applications/:id/approve',
      summary: 'Approve an application: its offer is created',
      access: 'staff',
      body: approveApplicationBody,
      answer: answers.merchantApplication,
      refusals: [409],
    },
    {
      method: 'post',
      path: '/admin/merchant-applications/:id/reject',
      summary: 'Reject an application',
      access: 'staff',
      body: rejectApplicationBody,
      answer: answers.merchantApplication,
      refusals: [409],
    },
    ...Object.values(offersAuditLog),
    {
      method: 'get',
      path: '/admin/redemptions',
      summary: 'List revealed codes',
      access: 'staff',
      list: true,
      answer: z.array(answers.redemption),
    },
    {
      method: 'get',
      path: '/admin/code-reports',
      summary: 'List code reports',
      access: 'staff',
      list: true,
      answer: z.array(answers.codeReport),
    },
    {
      method: 'get',
      path: '/admin/code-reports/summary',
      summary: 'Counts of open code reports',
      access: 'staff',
      answer: answers.codeReportSummary,
    },
    {
      method: 'get',
      path: '/admin/code-reports/:id',
      summary: 'One code report',
      access: 'staff',
      answer: answers.codeReport,
    },
    {
      method: 'post',
      path: '/admin/code-reports/:id/decision',
      summary: 'Decide a code report',
      access: 'staff',
      body: reportDecisionBody,
      answer: answers.codeReport,
      refusals: [409],
    },
  ],
});
