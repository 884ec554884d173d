import type { OfferRecord } from '../resources/offers/types';
import type { QueueCounts } from '../resources/jobs/types';
import type { VerificationRecord, VerificationSummary } from '../resources/verifications/types';
import { listReply, type StubRoute } from './stub-api';

/** Records as the admin API answers them, with a few fields to override per test. */
export const STUDENT_ID = '7f1c1a52-6a3e-4b43-9d53-0d0f2a9e1a11';

export const verification = (overrides: Partial<VerificationRecord> = {}): VerificationRecord => ({
  id: 'c3b2a1d0-1111-4222-8333-944455566677',
  userId: STUDENT_ID,
  method: 'document',
  status: 'pending',
  studentEmail: null,
  emailDomain: null,
  domainRecognised: false,
  institutionId: null,
  institutionName: 'University of Sharjah',
  documentType: 'student_id',
  documentKind: 'png',
  documentName: 'my-id.png',
  documentSize: 204800,
  personalEmail: 'layla@example.com',
  firstName: 'Layla',
  reason: null,
  reviewerId: null,
  decidedAt: null,
  createdAt: '2026-11-20T08:30:00.000Z',
  updatedAt: '2026-11-20T08:30:00.000Z',
  hasDocument: true,
  ...overrides,
});

export const summary = (overrides: Partial<VerificationSummary> = {}): VerificationSummary => ({
  pending: 12,
  pendingDocuments: 8,
  pendingUnrecognisedEmails: 4,
  oldestPendingAt: '2026-11-18T06:00:00.000Z',
  perDay: [
    { day: '2026-11-19', submitted: 5, approved: 3, rejected: 1 },
    { day: '2026-11-20', submitted: 7, approved: 4, rejected: 0 },
  ],
  ...overrides,
});

export const offer = (overrides: Partial<OfferRecord> = {}): OfferRecord => ({
  id: 'a0a1a2a3-b4b5-4c6c-8d7d-e8e9f0f1f2f3',
  title: '20% off for students',
  brandName: 'Desert Bloom',
  businessName: 'Desert Bloom LLC',
  logoUrl: null,
  businessDescription: 'Flowers and gifts delivered across Dubai.',
  description: 'Fresh flowers for less.',
  businessCategory: 'Retail',
  offerType: 'discount',
  discountType: 'percentage',
  discountValue: 20,
  websiteLink: 'https://desertbloom.ae',
  expiresAt: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
  currentUses: 42,
  discountRedemptionGuide: [{ step: 1, instruction: 'Copy the code and use it at checkout.' }],
  termsAndConditions: 'One code per student. Not combinable with other offers.',
  generalInfo: null,
  status: 'live',
  code: 'TLBBLOOM20',
  generatedCode: 'desertbloomtullab42',
  referralLink: null,
  maxRedemptionsPerStudent: 1,
  codesTotal: 0,
  codesLeft: 0,
  lowPool: false,
  merchantApplicationId: null,
  ...overrides,
});

export const queueCounts = (queue: string, failed = 0): QueueCounts => ({
  queue,
  waiting: 0,
  active: 0,
  delayed: 0,
  failed,
  completed: 10,
});

/** What the dashboard reads, answered, so a test that lands on it does not see errors it does not care about. */
export const dashboardRoutes = (): Record<string, StubRoute> => ({
  'GET /api/admin/verifications/summary': { body: summary() },
  'GET /api/admin/offers': listReply('offers', [offer()]),
  [`GET /api/admin/offers/${offer().id}/stats`]: listReply('offer-stats', []),
  'GET /api/admin/jobs/summary': { body: [queueCounts('notifications')] },
  'GET /api/admin/emails': listReply('emails', []),
  'GET /api/admin/code-reports/summary': { body: { open: 0, flaggedOffers: 0, flagged: [] } },
  'GET /api/admin/offer-proposals/summary': { body: { pending: 0 } },
});
