import { z } from 'zod';
import { documentFields } from '../verification/documents.js';
import { requestCodeBody, verifyCodeBody } from '../verification/email-codes.js';
import {
  createInstitutionBody,
  institutionIdParams,
  updateInstitutionBody,
} from '../verification/institutions.js';
import {
  approveVerificationBody,
  rejectVerificationBody,
  verificationIdParams,
} from '../verification/requests.js';
import { auditLog, retention } from './admin-resources.js';
import { answers, messageAnswer, userAnswer } from './answers.js';
import { fileField, routeGroup } from './route.js';

/** Verification's audit log. */
export const verificationAuditLog = auditLog('/admin/audit-log', 'audit-log', 'verification');
export const documentsRetention = retention('documents', 'uploaded documents');
export const orphanedFilesRetention = retention('orphaned-files', 'stored files no request names');

export const studentVerification = routeGroup({
  owner: 'verification',
  tag: 'Student verification',
  description:
    'SPEC §7.4: a student proves they study, by a code mailed to their student address or a document',
  routes: {
    verificationStatus: {
      method: 'get',
      path: '/students/verify',
      summary: "The caller's verification",
      access: 'signedIn',
      answer: answers.verificationStatus,
    },
    requestCode: {
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
    verifyCode: {
      method: 'post',
      path: '/students/verify-otp',
      summary: 'Give the mailed code',
      access: 'student',
      body: verifyCodeBody,
      answer: userAnswer,
      refusals: [409, 429],
    },
    uploadDocument: {
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
  },
});

export const verificationAdmin = routeGroup({
  owner: 'verification',
  tag: 'Admin: verification',
  description: 'Verification requests, institutions and their domains, for the admin console',
  routes: {
    verifications: {
      method: 'get',
      path: '/admin/verifications',
      summary: 'List verification requests',
      access: 'staff',
      list: {
        resource: 'verifications',
        sortable: ['createdAt', 'status', 'method', 'decidedAt', 'institutionName'],
        filterable: {
          status: 'in',
          method: 'eq',
          institutionName: 'ilike',
          domainRecognised: 'bool',
          userId: 'uuid',
          createdAt_gte: 'gte',
          createdAt_lte: 'lte',
        },
        defaultSort: ['createdAt', 'DESC'],
        search: ['studentEmail', 'personalEmail', 'firstName', 'institutionName'],
      },
      answer: z.array(answers.verificationRecord),
    },
    verificationSummary: {
      method: 'get',
      path: '/admin/verifications/summary',
      summary: 'Counts of verification requests',
      access: 'staff',
      answer: answers.verificationSummary,
    },
    verification: {
      method: 'get',
      path: '/admin/verifications/:id',
      summary: 'One verification request',
      access: 'staff',
      params: verificationIdParams,
      answer: answers.verificationRecord,
    },
    verificationDocument: {
      method: 'get',
      path: '/admin/verifications/:id/document',
      summary: "A request's uploaded document",
      access: 'staff',
      params: verificationIdParams,
      file: 'The document as uploaded',
    },
    approveVerification: {
      method: 'post',
      path: '/admin/verifications/:id/approve',
      summary: 'Approve a verification request',
      access: 'staff',
      params: verificationIdParams,
      body: approveVerificationBody,
      answer: answers.verificationRecord,
      refusals: [409],
    },
    rejectVerification: {
      method: 'post',
      path: '/admin/verifications/:id/reject',
      summary: 'Reject a verification request',
      access: 'staff',
      params: verificationIdParams,
      body: rejectVerificationBody,
      answer: answers.verificationRecord,
      refusals: [409],
    },
    institutions: {
      method: 'get',
      path: '/admin/institutions',
      summary: 'List institutions',
      access: 'staff',
      list: {
        resource: 'institutions',
        sortable: ['name', 'createdAt'],
        filterable: { active: 'bool', emirate: 'eq' },
        defaultSort: ['name', 'ASC'],
        search: ['name'],
      },
      answer: z.array(answers.institutionRecord),
    },
    createInstitution: {
      method: 'post',
      path: '/admin/institutions',
      summary: 'Add an institution',
      access: 'staff',
      body: createInstitutionBody,
      status: 201,
      answer: answers.institutionRecord,
      refusals: [409],
    },
    institution: {
      method: 'get',
      path: '/admin/institutions/:id',
      summary: 'One institution',
      access: 'staff',
      params: institutionIdParams,
      answer: answers.institutionRecord,
    },
    updateInstitution: {
      method: 'put',
      path: '/admin/institutions/:id',
      summary: 'Change an institution',
      access: 'staff',
      params: institutionIdParams,
      body: updateInstitutionBody,
      answer: answers.institutionRecord,
      refusals: [409],
    },
    deleteInstitution: {
      method: 'delete',
      path: '/admin/institutions/:id',
      summary: 'Remove an institution',
      access: 'staff',
      params: institutionIdParams,
      answer: answers.institutionRecord,
    },
    auditLog: verificationAuditLog.list,
    auditLogEntry: verificationAuditLog.entry,
    documentsPolicy: documentsRetention.policy,
    runDocumentsPolicy: documentsRetention.run,
    orphanedFilesPolicy: orphanedFilesRetention.policy,
    runOrphanedFilesPolicy: orphanedFilesRetention.run,
  },
});
