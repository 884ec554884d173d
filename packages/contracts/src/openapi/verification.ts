import { z } from 'zod';
import { documentFields } from '../verification/documents.js';
import { requestCodeBody, verifyCodeBody } from '../verification/email-codes.js';
import { createInstitutionBody, updateInstitutionBody } from '../verification/institutions.js';
import { approveVerificationBody, rejectVerificationBody } from '../verification/requests.js';
import { auditLog, retention } from './admin-resources.js';
import { answers, messageAnswer, userAnswer } from './answers.js';
import { fileField, routeGroup } from './route.js';
import {} from './route.js';

/** Verification's audit log. */
export const verificationAuditLog = auditLog('/admin/audit-log', 'audit-log', 'verification');
export const documentsRetention = retention('documents', 'uploaded documents');
export const orphanedFilesRetention = retention('orphaned-files', 'stored files no request names');

export const studentVerification = routeGroup({
  owner: 'verification',
  tag: 'Student verification',
  description:
    'SPEC §7.4: a student proves they study, by a code mailed to their student address or a document',
  routes: [
    {
      method: 'get',
      path: '/students/verify',
      summary: "The caller's verification",
      access: 'signedIn',
      answer: answers.verificationStatus,
    },
    {
      method: 'post',
      path: '/students/verify',
      summary: 'Mail a code to a student address (again, to resend)',
      description:
        '200: a code was mailed. 202: the address is not one of a known institution, so staff review it.',
      access: 'student',
      body: requestCodeBody,
      answer: messageAnswer,
      refusals: [409, 429],
    },
    {
      method: 'post',
      path: '/students/verify-otp',
      summary: 'Give the mailed code',
      access: 'student',
      body: verifyCodeBody,
      answer: userAnswer,
      refusals: [409, 429],
    },
    {
      method: 'post',
      path: '/students/verify-document',
      summary: 'Upload a document for staff to review',
      access: 'student',
      upload: true,
      body: documentFields.extend({ document: fileField('The document: PDF, JPEG or PNG, at most 5 MB') }),
      status: 201,
      answer: messageAnswer,
      refusals: [409, 413, 415, 429],
    },
  ],
});

export const verificationAdmin = routeGroup({
  owner: 'verification',
  tag: 'Admin: verification',
  description: 'Verification requests, institutions and their domains, for the admin console',
  routes: [
    {
      method: 'get',
      path: '/admin/verifications',
      summary: 'List verification requests',
      access: 'staff',
      list: true,
      answer: z.array(answers.verificationRecord),
    },
    {
      method: 'get',
      path: '/admin/verifications/summary',
      summary: 'Counts of verification requests',
      access: 'staff',
      answer: answers.verificationSummary,
    },
    {
      method: 'get',
      path: '/admin/verifications/:id',
      summary: 'One verification request',
      access: 'staff',
      answer: answers.verificationRecord,
    },
    {
      method: 'get',
      path: '/admin/verifications/:id/document',
      summary: "A request's uploaded document",
      access: 'staff',
      file: 'The document as uploaded',
    },
    {
      method: 'post',
      path: '/admin/verifications/:id/approve',
      summary: 'Approve a verification request',
      access: 'staff',
      body: approveVerificationBody,
      answer: answers.verificationRecord,
      refusals: [409],
    },
    {
      method: 'post',
      path: '/admin/verifications/:id/reject',
      summary: 'Reject a verification request',
      access: 'staff',
      body: rejectVerificationBody,
      answer: answers.verificationRecord,
      refusals: [409],
    },
    {
      method: 'get',
      path: '/admin/institutions',
      summary: 'List institutions',
      access: 'staff',
      list: true,
      answer: z.array(answers.institutionRecord),
    },
    {
      method: 'post',
      path: '/admin/institutions',
      summary: 'Add an institution',
      access: 'staff',
      body: createInstitutionBody,
      status: 201,
      answer: answers.institutionRecord,
      refusals: [409],
    },
    {
      method: 'get',
      path: '/admin/institutions/:id',
      summary: 'One institution',
      access: 'staff',
      answer: answers.institutionRecord,
    },
    {
      method: 'put',
      path: '/admin/institutions/:id',
      summary: 'Change an institution',
      access: 'staff',
      body: updateInstitutionBody,
      answer: answers.institutionRecord,
      refusals: [409],
    },
    {
      method: 'delete',
      path: '/admin/institutions/:id',
      summary: 'Remove an institution',
      access: 'staff',
      answer: answers.institutionRecord,
    },
    ...Object.values(verificationAuditLog),
    ...Object.values(documentsRetention),
    ...Object.values(orphanedFilesRetention),
  ],
});
