import type { EntityManager } from '@mikro-orm/core';
import { lockName } from '@tullab/db';
import { HttpError, type Caller } from '@tullab/http';
import { recordAudit } from '@tullab/audit-log';
import type { BeforeJson, ChangeRoleBody, StaffRecord as StaffAnswer } from '@tullab/contracts';
import type { IdentityContext } from '../../context';
import { lockAccount, showAccount, type AccountGuard, type AccountScope } from '../accounts/service';
import { confirmCurrentPassword } from '../auth/reauthentication';
import { endUserSessions } from '../sessions/service';
import { currentUser } from '../users/current-user';
import { UserSchema, type Role, type User } from '../users/entities';

export const messages = {
  invalidInvitation: 'This invitation is invalid or has expired',
  accepted: 'Your password and authenticator app are set. Please sign in.',
  lastAdmin: 'There must always be at least one enabled admin',
  yourself: 'You cannot disable your own account',
};

/** A staff member as the console shows them (`/admin/staff`, admins only; the scope lists no other role). */
export type StaffRecord = Omit<BeforeJson<StaffAnswer, 'createdAt' | 'lastSeenAt'>, 'role'> & { role: Role };

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
  if (!others) throw new HttpError(409, messages.lastAdmin, { code: 'last_admin' });
}

/** Disabling staff: never oneself (the console would lock its own user out), never the last enabled admin. */
export const staffGuard: AccountGuard = async (tx, user, action, actor) => {
  if (action !== 'disable') return;
  if (user.id === actor.userId) throw new HttpError(409, messages.yourself, { code: 'own_account' });
  if (user.role === 'admin') await keepAnAdmin(tx, user);
};

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
