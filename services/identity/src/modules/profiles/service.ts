import type { EntityManager } from '@mikro-orm/core';
import { HttpError, type Caller } from '@tullab/http';
import { UserSchema, type User } from '../users/entities';
import { NOT_AUTHENTICATED } from '../users/current-user';
import { effectiveVerificationStatus } from '../users/verification';
import { StudentProfileSchema, type StudentProfile } from './entities';
import type { CreateProfileBody, StudentProfileView, UpdateProfileBody } from '@tullab/contracts';

export function toStudentView(user: User, profile: StudentProfile): StudentProfileView {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: profile.phoneNumber ?? null,
    emailMarketing: user.emailMarketing,
    whatsappMarketing: user.whatsappMarketing,
    status: effectiveVerificationStatus(user),
    studentEmail: user.studentEmail ?? null,
    verifiedAt: user.verifiedAt ? user.verifiedAt.toISOString() : null,
  };
}

const NOT_FOUND = 'Profile not found';
const OTHER_EMAIL = 'To change your login email, please contact support';

async function studentOf(em: EntityManager, caller: Caller): Promise<User> {
  const user = caller.userId ? await em.findOne(UserSchema, { id: caller.userId }) : null;
  if (!user || user.disabledAt) throw new HttpError(401, NOT_AUTHENTICATED);
  if (user.role !== 'student') throw new HttpError(403, 'Only students have a profile');
  return user;
}

function assertOwnEmail(user: User, email: string | undefined): void {
  if (email !== undefined && email !== user.email)
    throw new HttpError(400, OTHER_EMAIL, { errors: { email: OTHER_EMAIL } });
}

/** Names and marketing choices live on the user; the phone is kept on both so GET /auth/user shows it too. */
function applyChanges(user: User, profile: StudentProfile, input: UpdateProfileBody, now: Date): void {
  if (input.firstName !== undefined) user.firstName = input.firstName;
  if (input.lastName !== undefined) user.lastName = input.lastName;
  if (input.emailMarketing !== undefined) user.emailMarketing = input.emailMarketing;
  if (input.whatsappMarketing !== undefined) user.whatsappMarketing = input.whatsappMarketing;
  if (input.phoneNumber !== undefined) {
    profile.phoneNumber = input.phoneNumber;
    user.phone = input.phoneNumber;
  }
  user.updatedAt = now;
  profile.updatedAt = now;
}

export async function getProfile(em: EntityManager, caller: Caller): Promise<StudentProfileView> {
  const user = await studentOf(em, caller);
  const profile = await em.findOne(StudentProfileSchema, { userId: user.id });
  if (!profile) throw new HttpError(404, NOT_FOUND);
  return toStudentView(user, profile);
}

/**
 * POST /students/profile: 409 when it exists; an empty phone falls back to the one given at sign-up. The marketing
 * choices made at sign-up stand: SPEC §4 has the dashboard send `true` for both when it creates a missing profile,
 * and that must not turn a student's "no" into a "yes". They change only through PATCH.
 */
export async function createProfile(
  em: EntityManager,
  caller: Caller,
  input: CreateProfileBody,
): Promise<StudentProfileView> {
  const user = await studentOf(em, caller);
  assertOwnEmail(user, input.email);
  if (await em.findOne(StudentProfileSchema, { userId: user.id }))
    throw new HttpError(409, 'Profile already exists');
  const now = new Date();
  const profile = em.create(StudentProfileSchema, {
    userId: user.id,
    phoneNumber: null,
    createdAt: now,
    updatedAt: now,
  });
  applyChanges(
    user,
    profile,
    {
      ...input,
      emailMarketing: undefined,
      whatsappMarketing: undefined,
      phoneNumber: input.phoneNumber ?? user.phone ?? null,
    },
    now,
  );
  await em.flush();
  return toStudentView(user, profile);
}

export async function updateProfile(
  em: EntityManager,
  caller: Caller,
  input: UpdateProfileBody,
): Promise<StudentProfileView> {
  const user = await studentOf(em, caller);
  assertOwnEmail(user, input.email);
  const profile = await em.findOne(StudentProfileSchema, { userId: user.id });
  if (!profile) throw new HttpError(404, NOT_FOUND);
  applyChanges(user, profile, input, new Date());
  await em.flush();
  return toStudentView(user, profile);
}
