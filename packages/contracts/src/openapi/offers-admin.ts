import { z } from 'zod';
import { createOfferBody, updateOfferBody } from '../offers/admin-offers.js';
import { reportDecisionBody } from '../offers/code-reports.js';
import {
  applicationForm,
  approveApplicationBody,
  merchantApplicationIdParams,
  rejectApplicationBody,
} from '../offers/merchant-applications.js';
import { importCodesBody } from '../offers/redemptions.js';
import { statFields } from '../offers/tracking.js';
import { auditLog } from './admin-resources.js';
import { answers } from './answers.js';
import { fileField, type ApiRoute, routeGroup } from './route.js';

/** Offers' audit log. */
export const offersAuditLog = auditLog('/admin/offer-audit-log', 'offer-audit-log', 'offers');

const LOGO = 'The logo picture: PNG, JPEG or WebP';

const offerAction = (action: string, summary: string) =>
  ({
    method: 'post',
    path: `/admin/offers/:id/${action}` as const,
    summary,
    access: 'staff',
    answer: answers.adminOffer,
    refusals: [409],
  }) satisfies ApiRoute;

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
  routes: {
    offers: {
      method: 'get',
      path: '/admin/offers',
      summary: 'List offers',
      access: 'staff',
      list: {
        resource: 'offers',
        sortable: [
          'title',
          'brandName',
          'status',
          'businessCategory',
          'currentUses',
          'expiresAt',
          'createdAt',
          'updatedAt',
        ],
        filterable: { status: 'in', businessCategory: 'eq', offerType: 'eq' },
        defaultSort: ['createdAt', 'DESC'],
        search: ['title', 'brandName', 'businessName'],
      },
      answer: z.array(answers.adminOffer),
    },
    createOffer: {
      method: 'post',
      path: '/admin/offers',
      summary: 'Create an offer',
      access: 'staff',
      body: createOfferBody,
      status: 201,
      answer: answers.adminOffer,
    },
    offer: {
      method: 'get',
      path: '/admin/offers/:id',
      summary: 'One offer',
      access: 'staff',
      answer: answers.adminOffer,
    },
    updateOffer: {
      method: 'put',
      path: '/admin/offers/:id',
      summary: 'Change an offer',
      access: 'staff',
      body: updateOfferBody,
      answer: answers.adminOffer,
      refusals: [409],
    },
    archiveOffer: {
      method: 'delete',
      path: '/admin/offers/:id',
      summary: 'Archive an offer',
      access: 'staff',
      answer: answers.adminOffer,
    },
    pauseOffer: offerAction('pause', 'Pause an offer'),
    resumeOffer: offerAction('resume', 'Resume an offer'),
    changeOfferLogo: {
      method: 'post',
      path: '/admin/offers/:id/logo',
      summary: "Change an offer's logo",
      access: 'staff',
      upload: true,
      body: z.object({ logoFile: fileField(LOGO) }),
      answer: answers.adminOffer,
      refusals: [413, 415],
    },
    importCodes: {
      method: 'post',
      path: '/admin/offers/:id/codes',
      summary: "Add codes to an offer's pool",
      access: 'staff',
      body: importCodesBody,
      answer: answers.codeImport,
    },
    offerStats: {
      method: 'get',
      path: '/admin/offers/:id/stats',
      summary: "An offer's daily counts",
      access: 'staff',
      list: {
        resource: 'offer-stats',
        sortable: ['day', ...statFields],
        filterable: { day_gte: 'gte', day_lte: 'lte' },
        defaultSort: ['day', 'DESC'],
      },
      answer: z.array(answers.offerStat),
    },
    merchantApplications: {
      method: 'get',
      path: '/admin/merchant-applications',
      summary: 'List merchant applications',
      access: 'staff',
      list: {
        resource: 'merchant-applications',
        sortable: ['createdAt', 'brandName', 'status', 'decidedAt'],
        filterable: { status: 'in', brandCategory: 'eq', offerType: 'eq' },
        defaultSort: ['createdAt', 'DESC'],
        search: ['brandName', 'contactName', 'contactEmail'],
      },
      answer: z.array(answers.merchantApplication),
    },
    merchantApplication: {
      method: 'get',
      path: '/admin/merchant-applications/:id',
      summary: 'One merchant application',
      access: 'staff',
      params: merchantApplicationIdParams,
      answer: answers.merchantApplication,
    },
    merchantApplicationLogo: {
      method: 'get',
      path: '/admin/merchant-applications/:id/logo',
      summary: "An application's logo",
      access: 'staff',
      params: merchantApplicationIdParams,
      file: 'The logo image',
    },
    approveApplication: {
      method: 'post',
      path: '/admin/merchant-applications/:id/approve',
      summary: 'Approve an application: its offer is created',
      access: 'staff',
      params: merchantApplicationIdParams,
      body: approveApplicationBody,
      answer: answers.merchantApplication,
      refusals: [409],
    },
    rejectApplication: {
      method: 'post',
      path: '/admin/merchant-applications/:id/reject',
      summary: 'Reject an application',
      access: 'staff',
      params: merchantApplicationIdParams,
      body: rejectApplicationBody,
      answer: answers.merchantApplication,
      refusals: [409],
    },
    auditLog: offersAuditLog.list,
    auditLogEntry: offersAuditLog.entry,
    redemptions: {
      method: 'get',
      path: '/admin/redemptions',
      summary: 'List revealed codes',
      access: 'staff',
      list: {
        resource: 'redemptions',
        sortable: ['createdAt'],
        filterable: { userId: 'uuid', offerId: 'uuid', createdAt_gte: 'gte', createdAt_lte: 'lte' },
        defaultSort: ['createdAt', 'DESC'],
      },
      answer: z.array(answers.redemption),
    },
    codeReports: {
      method: 'get',
      path: '/admin/code-reports',
      summary: 'List code reports',
      access: 'staff',
      list: {
        resource: 'code-reports',
        sortable: ['createdAt', 'status', 'reason', 'decidedAt'],
        filterable: {
          status: 'in',
          offerId: 'uuid',
          reason: 'in',
          outcome: 'in',
          userId: 'uuid',
          createdAt_gte: 'gte',
          createdAt_lte: 'lte',
        },
        defaultSort: ['createdAt', 'DESC'],
      },
      answer: z.array(answers.codeReport),
    },
    codeReportSummary: {
      method: 'get',
      path: '/admin/code-reports/summary',
      summary: 'Counts of open code reports',
      access: 'staff',
      answer: answers.codeReportSummary,
    },
    codeReport: {
      method: 'get',
      path: '/admin/code-reports/:id',
      summary: 'One code report',
      access: 'staff',
      answer: answers.codeReport,
    },
    decideCodeReport: {
      method: 'post',
      path: '/admin/code-reports/:id/decision',
      summary: 'Decide a code report',
      access: 'staff',
      body: reportDecisionBody,
      answer: answers.codeReport,
      refusals: [409],
    },
  },
});
