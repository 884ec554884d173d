import { randomUUID } from 'node:crypto';
import { LockMode, type EntityManager } from '@mikro-orm/core';
import { lockName } from '@tullab/db';
import { addToOutbox, seal } from '@tullab/events';
import { HttpError, randomToken, sha256Hex, type Caller } from '@tullab/http';
import { recordAudit } from '@tullab/runtime';
import type { IdentityContext } from '../../context';
import { lockAccount, showAccount, type AccountGuard, type AccountScope } from '../accounts/service';
import { endUserSessions } from '../sessions/service';
import { UserSchema, type Role, type User } from '../users/entities';
import { hashPassword } from '../users/passwords';
import { confirmCurrentPassword, createAccount, createUser, currentUser } from '../users/service';
import { StaffInvitationSchema } from './entities';
import type { AcceptInvitationBody, ChangeRoleBody, InviteStaffBody } from './schemas';

/** An invitation is valid this long (PC); the e-mail says so. */
const INVITATION_TTL_HOURS = 72;

export const messages = {
  invalidInvitation: 'This invitation is invalid or has expired',
  accepted: 'Your password is set. Please sign in.',
  lastAdmin: 'There must always be at least one enabled admin',
  yourself: 'You cannot disable your own account',
};

/** A staff member as the console shows them (`/admin/staff`, admins only). */
export interface StaffRecord {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  disabled: boolean;
  /** their second factor is set up (S37) */
  mfaEnrolled: boolean;
  /** invited, and the invitation not accepted yet: no password */
  invitationPending: boolean;
  createdAt: Date;
  lastSeenAt: Date | null;
}

export const staff: AccountScope<StaffRecord> = {
  resource: 'staff',
  roles: ['staff', 'admin'],
  notFound: 'Staff member not found',
  toRecord: (user: User, lastSeenAt: Date | null) => ({
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    disabled: Boolean(user.disabledAt),
    mfaEnrolled: Boolean(user.mfaEnrolledAt),
    invitationPending: !user.passwordHash,
    createdAt: user.createdAt,
    lastSeenAt,
  }),
};

/**
 * Refuses a change that would leave no enabled admin. Such changes take one transaction-scoped advisory lock, so two
 * of them (two admins demoting each other) run one after the other and the second sees the first; the lock is no row
 * lock, so it cannot deadlock with the account rows the callers hold.
 */
async function keepAnAdmin(tx: EntityManager, leaving: User): Promise<void> {
  await lockName(tx, 'identity:enabled-admins');
  const others = await tx.count(UserSchema, { role: 'admin', disabledAt: null, id: { $ne: leaving.id } });
  if (!others) throw new HttpError(409, messages.lastAdmin);
}

/** Disabling staff: never oneself (the console would lock its own user out), never the last enabled admin. */
export const staffGuard: AccountGuard = async (tx, user, action, actor) => {
  if (action !== 'disable') return;
  if (user.id === actor.userId) throw new HttpError(409, messages.yourself);
  if (user.role === 'admin') await keepAnAdmin(tx, user);
};

/**
 * POST /admin/staff: the account is created without a password, with an invitation (a random token, only its
 * SHA-256 stored, 72 h) and the `staff-invitation` e-mail (the token sealed), in one transaction with the audit row.
 */
export async function inviteStaff(
  em: EntityManager,
  ctx: IdentityContext,
  input: InviteStaffBody,
  actor: Caller,
  requestId: string | null,
): Promise<StaffRecord> {
  const inviter = await currentUser(em, actor);
  const user = await createAccount(em, input.email, () =>
    em.transactional(async (tx) => {
      const now = new Date();
      const user = await createUser(tx, { ...input, password: null }, now);
      const token = randomToken();
      const expiresAt = new Date(now.getTime() + INVITATION_TTL_HOURS * 3600_000);
      tx.create(StaffInvitationSchema, {
        id: randomUUID(),
        userId: user.id,
        tokenHash: sha256Hex(token),
        invitedBy: inviter.id,
        createdAt: now,
        expiresAt,
        acceptedAt: null,
        revokedAt: null,
      });
      addToOutbox(
        tx,
        'email.requested',
        {
          to: user.email,
          template: 'staff-invitation',
          data: {
            firstName: user.firstName,
            role: user.role,
            invitedBy: `${inviter.firstName} ${inviter.lastName}`,
          },
          sealed: seal(ctx.config.INTERNAL_SECRET, { token }),
          expiresAt: expiresAt.toISOString(),
        },
        requestId,
      );
      recordAudit(tx, actor, requestId, {
        action: 'invite',
        resource: staff.resource,
        resourceId: user.id,
        subjectId: user.id,
        toStatus: user.role,
      });
      return user;
    }),
  );
  ctx.log.info({ userId: user.id, role: user.role, by: inviter.id }, 'staff member invited');
  return staff.toRecord(user, null);
}

/**
 * POST /auth/accept-invitation (public): the token from the e-mail sets the account's password, once. The
 * invitation is locked, so two submits cannot both succeed; it must be live and its account still enabled staff.
 * No session is issued: the new staff member signs in and sets up their second factor (S37).
 */
export async function acceptInvitation(
  em: EntityManager,
  ctx: IdentityContext,
  input: AcceptInvitationBody,
  caller: Caller,
  requestId: string | null,
): Promise<void> {
  const live = { tokenHash: sha256Hex(input.token), acceptedAt: null, revokedAt: null };
  const invalid = (reason: string) => {
    ctx.log.warn({ ip: caller.ip, reason }, 'invitation refused');
    return new HttpError(400, messages.invalidInvitation);
  };
  if (!(await em.findOne(StaffInvitationSchema, { ...live, expiresAt: { $gt: new Date() } }))) {
    throw invalid('no live invitation');
  }
  const passwordHash = await hashPassword(input.password);
  const userId = await em.transactional(async (tx) => {
    const now = new Date();
    const invitation = await tx.findOne(
      StaffInvitationSchema,
      { ...live, expiresAt: { $gt: now } },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    if (!invitation) throw invalid('accepted meanwhile');
    const user = await tx.findOne(
      UserSchema,
      { id: invitation.userId, role: { $in: staff.roles }, disabledAt: null },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!user) throw invalid('account disabled or no longer staff');
    invitation.acceptedAt = now;
    await tx.nativeUpdate(
      StaffInvitationSchema,
      { userId: user.id, acceptedAt: null, revokedAt: null, id: { $ne: invitation.id } },
      { revokedAt: now },
    );
    Object.assign(user, {
      passwordHash,
      failedLoginCount: 0,
      loginBlockedUntil: null,
      locked: false,
      updatedAt: now,
    });
    recordAudit(tx, { userId: user.id, role: user.role, ip: caller.ip }, requestId, {
      action: 'accept-invitation',
      resource: staff.resource,
      resourceId: user.id,
      subjectId: user.id,
    });
    return user.id;
  });
  ctx.log.info({ userId, ip: caller.ip }, 'staff invitation accepted; password set');
}

/**
 * PUT /admin/staff/:id { role, currentPassword }: the acting admin re-authenticates (S37), then the role changes,
 * every session of the changed account ends (S7: a privilege change) and the change is audited, in one transaction.
 * The last enabled admin cannot be demoted. The same role again changes nothing.
 */
export async function changeRole(
  em: EntityManager,
  ctx: IdentityContext,
  id: string,
  input: ChangeRoleBody,
  actor: Caller,
  requestId: string | null,
): Promise<StaffRecord> {
  const admin = await currentUser(em, actor);
  await confirmCurrentPassword(em, ctx, admin, input.currentPassword, 'role change');
  const { user, from, sessionsEnded } = await em.transactional(async (tx) => {
    const user = await lockAccount(tx, staff, id);
    const from = user.role;
    if (from === input.role) return { user, from, sessionsEnded: 0 };
    if (from === 'admin') await keepAnAdmin(tx, user);
    user.role = input.role;
    user.updatedAt = new Date();
    const sessionsEnded = await endUserSessions(tx, user.id);
    recordAudit(tx, actor, requestId, {
      action: 'change-role',
      resource: staff.resource,
      resourceId: user.id,
      subjectId: user.id,
      fromStatus: from,
      toStatus: input.role,
    });
    return { user, from, sessionsEnded };
  });
  ctx.log.info({ userId: user.id, from, to: user.role, by: actor.userId, sessionsEnded }, 'staff role set');
  return showAccount(em, staff, user.id);
}
