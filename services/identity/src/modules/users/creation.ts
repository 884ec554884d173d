import { randomUUID } from 'node:crypto';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { DEFAULT_LANGUAGE, HttpError, type Language } from '@tullab/http';
import { isStaffRole, UserSchema, type Role, type User } from './entities';
import { findUserByEmail } from './lookup';
import { hashPassword } from './passwords';

export interface NewUser {
  email: string;
  /** null: no password yet (an invited staff member) */
  password: string | null;
  firstName: string;
  lastName: string;
  phone?: string | null;
  role: Role;
  /** a merchant's brand (decision 016); required for a merchant, refused for anyone else by the database */
  brandId?: string | null;
  emailMarketing?: boolean;
  whatsappMarketing?: boolean;
  /** a student's, from the app they signed up in; a merchant's from their brand's application; staff: English */
  language?: Language;
}

/** Adds a user to the unit of work with a freshly hashed password, if any (the caller flushes). */
export async function createUser(em: EntityManager, input: NewUser, now = new Date()): Promise<User> {
  return em.create(UserSchema, {
    id: randomUUID(),
    email: input.email.toLowerCase(),
    // typed, not yet proved (T23)
    emailProvedAt: null,
    passwordHash: input.password === null ? null : await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone ?? null,
    role: input.role,
    brandId: input.brandId ?? null,
    emailMarketing: input.emailMarketing ?? false,
    whatsappMarketing: input.whatsappMarketing ?? false,
    language: input.language ?? DEFAULT_LANGUAGE,
    verificationStatus: 'none',
    studentEmail: null,
    verifiedAt: null,
    verificationChangedAt: null,
    verificationExpiresAt: null,
    institutionName: null,
    failedLoginCount: 0,
    loginBlockedUntil: null,
    locked: false,
    disabledAt: null,
    deletedAt: null,
    mfaSecret: null,
    mfaEnrolledAt: null,
    mfaLastStep: null,
    // staff made with a password set up their authenticator at the first sign-in; invited staff while accepting
    mfaEnrolAtSignIn: isStaffRole(input.role) && input.password !== null,
    createdAt: now,
    updatedAt: now,
  });
}

const EMAIL_TAKEN = 'An account with this email already exists';

/**
 * Runs `create` (which adds a user with this e-mail) unless the e-mail is taken: 409 `email_taken` with `message`,
 * whether it is found first or the unique index refuses it when two requests race.
 */
export async function createAccount<T>(
  em: EntityManager,
  email: string,
  create: () => Promise<T>,
  message = EMAIL_TAKEN,
): Promise<T> {
  if (await findUserByEmail(em, email)) throw new HttpError(409, message, { code: 'email_taken' });
  try {
    return await create();
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException)
      throw new HttpError(409, message, { code: 'email_taken' });
    throw err;
  }
}
