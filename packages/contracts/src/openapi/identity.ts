import { z } from 'zod';
import { accountActionBody, accountIdParams } from '../identity/accounts.js';
import {
  changePasswordBody,
  languageBody,
  loginBody,
  registerBody,
  verifyMfaBody,
} from '../identity/auth.js';
import { forgotPasswordBody, resetPasswordBody, verifyResetOtpBody } from '../identity/password-reset.js';
import { adminDeleteBody, deleteAccountBody } from '../identity/personal-data.js';
import { createProfileBody, updateProfileBody } from '../identity/profile.js';
import {
  acceptInvitationBody,
  changeRoleBody,
  invitationEnrolmentBody,
  inviteStaffBody,
} from '../identity/staff.js';
import { languages } from '../languages.js';
import { answers, messageAnswer, userAnswer } from './answers.js';
import { auditLog } from './admin-resources.js';
import { routeGroup } from './route.js';

/** The accounts' audit log (identity). */
export const identityAuditLog = auditLog('/admin/identity-audit-log', 'identity-audit-log', 'accounts');

export const accounts = routeGroup({
  owner: 'identity',
  tag: 'Sign-in and accounts',
  description: 'SPEC §7.2 and §7.5: registration, sign-in with its steps, password reset, the profile',
  routes: {
    register: {
      method: 'post',
      path: '/auth/register',
      summary: 'Create a student account and sign in',
      access: 'anyone',
      body: registerBody,
      status: 201,
      answer: userAnswer,
      refusals: [409, 429],
    },
    login: {
      method: 'post',
      path: '/auth/login',
      summary: 'Sign in',
      access: 'anyone',
      body: loginBody,
      answer: answers.loginAnswer,
      refusals: [401, 429],
      description:
        'Sets the `sid` cookie; staff first give their second factor (`/auth/mfa/*`, with the `mfa` step cookie).',
    },
    logout: { method: 'post', path: '/auth/logout', summary: 'Sign out', access: 'anyone', status: 204 },
    currentUser: {
      method: 'get',
      path: '/auth/user',
      summary: 'The signed-in user',
      access: 'signedIn',
      answer: userAnswer,
    },
    saveLanguage: {
      method: 'put',
      path: '/auth/user/language',
      summary: 'Keep the language mails are written in',
      access: 'signedIn',
      body: languageBody,
      answer: z.object({ message: z.string(), language: z.enum(languages) }),
    },
    startMfaEnrolment: {
      method: 'post',
      path: '/auth/mfa/enrollment',
      summary: "Start setting up a staff member's authenticator app",
      access: 'anyone',
      answer: answers.mfaEnrolment,
      refusals: [401, 409],
      description: 'Needs the `mfa` step cookie of a staff sign-in.',
    },
    verifyMfa: {
      method: 'post',
      path: '/auth/mfa/verify',
      summary: "Give a staff member's second factor and sign in",
      access: 'anyone',
      body: verifyMfaBody,
      answer: userAnswer,
      refusals: [401, 429],
      description: 'Needs the `mfa` step cookie of a staff sign-in.',
    },
    forgotPassword: {
      method: 'post',
      path: '/auth/forgot-password',
      summary: 'Mail a password-reset code',
      access: 'anyone',
      body: forgotPasswordBody,
      status: 202,
      answer: messageAnswer,
      refusals: [429],
    },
    verifyResetCode: {
      method: 'post',
      path: '/auth/verify-reset-otp',
      summary: 'Check a password-reset code',
      access: 'anyone',
      body: verifyResetOtpBody,
      answer: messageAnswer,
      refusals: [401, 429],
      description: 'Sets the `pwreset` step cookie.',
    },
    resetPassword: {
      method: 'post',
      path: '/auth/reset-password',
      summary: 'Set a new password after a checked code',
      access: 'anyone',
      body: resetPasswordBody,
      answer: messageAnswer,
      refusals: [401],
      description: 'Needs the `pwreset` step cookie.',
    },
    startInvitationEnrolment: {
      method: 'post',
      path: '/auth/accept-invitation/enrollment',
      summary: 'Start setting up the authenticator app of an invited staff member',
      access: 'anyone',
      body: invitationEnrolmentBody,
      answer: answers.mfaEnrolment,
      refusals: [410],
    },
    acceptInvitation: {
      method: 'post',
      path: '/auth/accept-invitation',
      summary: 'Accept a staff invitation',
      access: 'anyone',
      body: acceptInvitationBody,
      answer: messageAnswer,
      refusals: [410],
    },
    profile: {
      method: 'get',
      path: '/students/profile',
      summary: "The student's profile",
      access: 'student',
      answer: answers.profile,
      refusals: [404],
    },
    createProfile: {
      method: 'post',
      path: '/students/profile',
      summary: "Create the student's profile",
      access: 'student',
      body: createProfileBody,
      status: 201,
      answer: answers.profile,
      refusals: [409],
    },
    updateProfile: {
      method: 'patch',
      path: '/students/profile',
      summary: "Change the student's profile",
      access: 'student',
      body: updateProfileBody,
      answer: answers.profile,
      refusals: [404, 409],
    },
    changePassword: {
      method: 'post',
      path: '/students/change-password',
      summary: 'Change one’s own password',
      access: 'signedIn',
      body: changePasswordBody,
      answer: messageAnswer,
      refusals: [429],
    },
    deleteAccount: {
      method: 'post',
      path: '/students/delete-account',
      summary: 'Delete one’s own account and personal data',
      access: 'student',
      body: deleteAccountBody,
      answer: messageAnswer,
      refusals: [429],
    },
  },
});

/** One account of a console resource (`/admin/students/:id`, `/admin/staff/:id`), as react-admin's getOne reads it. */
const accountRecord = (who: 'students' | 'staff', summary: string, access: 'staff' | 'admin') =>
  ({
    method: 'get',
    path: `/admin/${who}/:id`,
    summary,
    access,
    params: accountIdParams,
    answer: who === 'students' ? answers.studentRecord : answers.staffRecord,
  }) as const;
export type AccountRecordRoute = ReturnType<typeof accountRecord>;

/** An action on one account (`POST /admin/<students|staff>/:id/<action>`), answering the changed record. */
const accountAction = (
  who: 'students' | 'staff',
  action: string,
  summary: string,
  access: 'staff' | 'admin',
  body = accountActionBody,
) => ({
  method: 'post' as const,
  path: `/admin/${who}/:id/${action}`,
  summary,
  access,
  params: accountIdParams,
  body,
  answer: who === 'students' ? answers.studentRecord : answers.staffRecord,
  refusals: [409],
});
export type AccountActionRoute = ReturnType<typeof accountAction>;

export const accountsAdmin = routeGroup({
  owner: 'identity',
  tag: 'Admin: accounts',
  description: 'Students and staff, for the admin console',
  routes: {
    /**
     * `filter={"q":"layla","verificationStatus":["pending","active"],"disabled":false,"createdAt_gte":"2026-11-01"}`:
     * the status is the effective one (an active verification past its expiry is `expired`).
     */
    students: {
      method: 'get',
      path: '/admin/students',
      summary: 'List students',
      access: 'staff',
      list: {
        resource: 'students',
        sortable: ['createdAt', 'email', 'lastName'],
        filterable: {
          verificationStatus: 'in',
          disabled: 'bool',
          createdAt_gte: 'gte',
          createdAt_lte: 'lte',
        },
        defaultSort: ['createdAt', 'DESC'],
        search: ['firstName', 'lastName', 'email', 'studentEmail'],
      },
      answer: z.array(answers.studentRecord),
    },
    student: accountRecord('students', 'One student', 'staff'),
    disableStudent: accountAction('students', 'disable', 'Disable a student account', 'staff'),
    enableStudent: accountAction('students', 'enable', 'Enable a student account', 'staff'),
    endStudentSessions: accountAction('students', 'end-sessions', "End a student's sessions", 'staff'),
    deleteStudent: accountAction(
      'students',
      'delete',
      "Delete a student's account on request",
      'admin',
      adminDeleteBody,
    ),
    /** `filter={"q":"…","role":["admin"],"disabled":false}`. */
    staff: {
      method: 'get',
      path: '/admin/staff',
      summary: 'List staff and admins',
      access: 'admin',
      list: {
        resource: 'staff',
        sortable: ['createdAt', 'email', 'lastName', 'role'],
        filterable: { role: 'in', disabled: 'bool' },
        defaultSort: ['createdAt', 'DESC'],
        search: ['firstName', 'lastName', 'email'],
      },
      answer: z.array(answers.staffRecord),
    },
    inviteStaff: {
      method: 'post',
      path: '/admin/staff',
      summary: 'Invite a staff member',
      access: 'admin',
      body: inviteStaffBody,
      status: 201,
      answer: answers.staffRecord,
      refusals: [409],
    },
    staffMember: accountRecord('staff', 'One staff member', 'admin'),
    changeStaffRole: {
      method: 'put',
      path: '/admin/staff/:id',
      summary: "Change a staff member's role",
      access: 'admin',
      params: accountIdParams,
      body: changeRoleBody,
      answer: answers.staffRecord,
      refusals: [409],
    },
    disableStaff: accountAction('staff', 'disable', 'Disable a staff account', 'admin'),
    enableStaff: accountAction('staff', 'enable', 'Enable a staff account', 'admin'),
    auditLog: identityAuditLog.list,
    auditLogEntry: identityAuditLog.entry,
  },
});
