import { z } from 'zod';
import { userRoles } from '../identity/auth.js';
import { languages } from '../languages.js';

/**
 * The answers of the API reference. `PublicUser` and the message answer are described field by field; the others are
 * TypeScript interfaces in this package, so the reference names the interface and describes the answer as an object.
 */
export const messageAnswer = z.object({ message: z.string() }).meta({ description: 'A message for people' });

export const publicUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  role: z.enum(userRoles),
  emailMarketing: z.boolean(),
  whatsappMarketing: z.boolean(),
  language: z.enum(languages),
  verification: z.object({
    status: z.string().meta({ description: 'the effective status: `expired` once past `expiresAt`' }),
    studentEmail: z.string().nullable(),
    verifiedAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
  }),
  mfaEnrolled: z.boolean().optional().meta({ description: 'staff and admins only' }),
  brandId: z.uuid().optional().meta({ description: "merchants only: their brand's id (decision 016)" }),
});

export const userAnswer = z.object({ user: publicUserSchema });

/** An answer described by the TypeScript interface of @tullab/contracts that it follows. */
const described = (name: string, description: string) =>
  z.looseObject({}).meta({ id: name, description: `${description} (\`${name}\` in @tullab/contracts)` });

/** A list in the ra-data-simple-rest dialect: a JSON array, the page and total in `Content-Range`. */
export const listOf = (item: z.ZodType) => z.array(item);

export const answers = {
  loginAnswer: z
    .union([
      userAnswer,
      z.object({
        mfaRequired: z.literal(true),
        enrolled: z.boolean(),
        user: publicUserSchema.pick({ email: true, firstName: true, lastName: true, role: true }),
      }),
    ])
    .meta({ id: 'LoginAnswer', description: 'The user, or (staff) the second factor to give first' }),
  mfaEnrolment: described('MfaEnrolment', 'The key and QR code to set up an authenticator app'),
  profile: z.object({ student: described('StudentProfileView', 'A student profile') }),
  studentRecord: described('StudentRecord', 'A student as the console shows them'),
  staffRecord: described('StaffRecord', 'A staff member or admin'),
  auditEntry: described('AuditLogEntry', 'One audit-log entry'),
  verificationStatus: described('StudentVerificationView', "The caller's verification as it stands"),
  verificationRecord: described('VerificationRecord', 'A verification request'),
  verificationSummary: described('VerificationSummary', 'Counts of verification requests by status'),
  institutionRecord: described('InstitutionRecord', 'An institution and its e-mail domains'),
  retentionPolicy: described('RetentionPolicyView', 'A retention policy and its latest runs'),
  catalogueOffer: described('CatalogueOffer', 'An offer as the catalogue lists it'),
  publicOffer: described('PublicOfferAnswer', 'An offer with the texts of its modal'),
  adminOffer: described('AdminOfferAnswer', 'An offer as staff see it'),
  redeemAnswer: z
    .union([z.object({ code: z.string() }), z.object({ referralLink: z.string() })])
    .meta({ id: 'RedeemAnswer', description: 'The discount code, or the referral link' }),
  codeImport: described('CodeImportAnswer', 'How many codes were added to the pool'),
  offerStat: described('OfferStatAnswer', "One day's counts of an offer"),
  merchantApplication: described('MerchantApplicationAnswer', 'A merchant application'),
  savedOffers: described('SavedOffersAnswer', "The student's saved offers"),
  myCodes: described('MyCodesPage', 'One page of the codes the student revealed'),
  codeReportReceipt: described('CodeReportReceipt', 'The report as stored'),
  codeReport: described('CodeReportAnswer', 'A report of a code that did not work'),
  codeReportSummary: described('CodeReportSummary', 'Counts of open code reports'),
  contactMessage: described('ContactMessageRecord', 'A message to support'),
  email: described('EmailRecord', 'A mail and its delivery'),
  failedJob: described('FailedJobRecord', 'A background job in its queue’s failed set'),
  queueCounts: described('QueueCounts', 'The counts of one queue'),
  personalData: described(
    'PersonalDataExport',
    'Everything the platform keeps about one student (decision 009)',
  ),
  redemption: described('RedemptionRecord', 'A revealed code'),
};
