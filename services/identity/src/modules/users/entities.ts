import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { verificationStatuses } from '@tullab/contracts';
import { languages } from '@tullab/http';

export const roles = ['student', 'staff', 'admin', 'merchant'] as const;
/** The console's roles: a password and a second factor (S37), SameSite=Strict sessions (S5). */
export const staffRoles = ['staff', 'admin'] as const;

/** Whether `role` is one of the console's (staff or admin), the only ones with a second factor. */
export const isStaffRole = (role: string): boolean => (staffRoles as readonly string[]).includes(role);

/**
 * A person who signs in: students from the sign-up form; staff and admins from the CLI, ADMIN_EMAIL or an
 * invitation (no password until it is accepted); merchants from an invitation to their brand (decision 016).
 */
export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.uuid().primary(),
    /** stored lower-cased; unique on lower(email) */
    email: p.string(),
    /**
     * when the person proved `email` is theirs (T23): a code or link sent to it was used ({@link markEmailProved} in
     * `users/proof.ts`); null while it is only what someone typed. The database clears it when the e-mail changes.
     */
    emailProvedAt: p.datetime().nullable(),
    /** null for an invited staff member who has not accepted yet: no password can match */
    passwordHash: p.string().nullable(),
    firstName: p.string(),
    lastName: p.string(),
    phone: p.string().nullable(),
    role: p.enum([...roles]),
    /** a merchant's brand (decision 016), an id of offers' `brand`; null for every other role */
    brandId: p.uuid().nullable(),
    emailMarketing: p.boolean(),
    whatsappMarketing: p.boolean(),
    /** the language of identity's mails to a student (issue 12): the app's at sign-up, then their choice */
    language: p.enum([...languages]),
    verificationStatus: p.enum([...verificationStatuses]),
    studentEmail: p.string().nullable(),
    verifiedAt: p.datetime().nullable(),
    /** when the current verification status was decided (events older than this are ignored) */
    verificationChangedAt: p.datetime().nullable(),
    /** when an `active` verification lapses (decision 002); null for any other status */
    verificationExpiresAt: p.datetime().nullable(),
    /**
     * the institution an `active` verification was made at, as verification named it (brands' `institution` claim,
     * decision 019); null for any other status
     */
    institutionName: p.string().nullable(),
    /** consecutive failed password checks (S11); reset by a success or a password reset */
    failedLoginCount: p.integer(),
    loginBlockedUntil: p.datetime().nullable(),
    /** soft lock after 100 consecutive failures; only the reset flow clears it */
    locked: p.boolean(),
    disabledAt: p.datetime().nullable(),
    /** the account was deleted (decision 009): the row stays, anonymised and disabled, for what points at it */
    deletedAt: p.datetime().nullable(),
    /** staff second factor (S37): the TOTP secret, sealed; set when the first code confirmed it */
    mfaSecret: p.string().nullable(),
    mfaEnrolledAt: p.datetime().nullable(),
    /** the last TOTP time-step accepted: a code for it or an earlier one is a replay */
    mfaLastStep: p.integer().nullable(),
    /**
     * the next sign-in may set up an authenticator app: an account an operator made with a password (ADMIN_EMAIL, the
     * staff CLI) or after `reset-mfa`; an invited one sets it up while accepting. Cleared by every enrolment.
     */
    mfaEnrolAtSignIn: p.boolean(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type User = InferEntity<typeof UserSchema>;
export type Role = User['role'];
