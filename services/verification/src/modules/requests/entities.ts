import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { languages } from '@tullab/http';
import { requestStatuses, verificationMethods } from '@tullab/contracts';

export { documentTypes, type DocumentType } from '@tullab/contracts';

/** One attempt of a student to prove enrolment: the `verifications` resource of the admin API. */
export const VerificationRequestSchema = defineEntity({
  name: 'VerificationRequest',
  tableName: 'verification_request',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    method: p.enum([...verificationMethods]),
    status: p.enum([...requestStatuses]),
    studentEmail: p.string().nullable(),
    emailDomain: p.string().nullable(),
    domainRecognised: p.boolean(),
    institutionId: p.uuid().nullable(),
    institutionName: p.string().nullable(),
    documentType: p.string().nullable(),
    /** the object's key in the private bucket (`docs/<uuid>`, S23) */
    documentKey: p.string().nullable(),
    /** jpeg, png, webp or pdf, as its bytes say */
    documentKind: p.string().nullable(),
    /** the uploaded file's name, sanitised; metadata only, never a path */
    documentName: p.string().nullable(),
    documentSize: p.integer().nullable(),
    /** when the file was deleted from the bucket by the retention policy (the row and the decision stay) */
    documentDeletedAt: p.datetime().nullable(),
    /** the student's own e-mail and first name, for the mails about this request */
    personalEmail: p.string(),
    firstName: p.string(),
    /** the language of the student's app when they submitted (Accept-Language): the mails about this request use it */
    language: p.enum([...languages]),
    reason: p.string().nullable(),
    reviewerId: p.uuid().nullable(),
    decidedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type VerificationRequest = InferEntity<typeof VerificationRequestSchema>;
