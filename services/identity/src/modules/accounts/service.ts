import { LockMode, type EntityManager, type FilterQuery } from '@mikro-orm/core';
import { HttpError, type Identity, type ListQuery } from '@tullab/http';
import type { Logger } from '@tullab/log';
import { recordAudit } from '@tullab/audit-log';
import { endUserSessions } from '../sessions/service';
import { UserSchema, type Role, type User } from '../users/entities';
import { setDisabled } from './disabling';

/** Who acts in the console (the signed identity of a staff member). */
export type Actor = Pick<Identity, 'userId' | 'role' | 'ip'>;

/** A console resource over users, students or staff: whom it holds and how it shows them. */
export interface AccountScope<R> {
  /** the resource name in the audit log: the console's, as its list route declares it */
  resource: 'students' | 'staff';
  roles: Role[];
  notFound: string;
  toRecord(user: User, lastSeenAt: Date | null): R;
}

/** The latest activity of each user's sessions: one grouped read over a page of ids (sessions_user_id_idx). */
async function lastSeenOf(em: EntityManager, userIds: string[]): Promise<Map<string, Date>> {
  if (!userIds.length) return new Map();
  const rows = (await em
    .getConnection()
    .execute(
      'select user_id, max(last_seen_at) as last_seen_at from sessions where user_id in (?) group by user_id',
      [userIds],
    )) as { user_id: string; last_seen_at: string | Date }[];
  return new Map(rows.map((row) => [row.user_id, new Date(row.last_seen_at)]));
}

async function toRecords<R>(em: EntityManager, scope: AccountScope<R>, users: User[]): Promise<R[]> {
  const lastSeen = await lastSeenOf(
    em,
    users.map((user) => user.id),
  );
  return users.map((user) => scope.toRecord(user, lastSeen.get(user.id) ?? null));
}

/**
 * One page of a console list: the parsed query within the scope's roles, `filter.disabled` as a condition on
 * `disabledAt`, and the resource's own `conditions`. The indexes on (role, <sort field>, id) serve every sort.
 */
export async function listAccounts<R>(
  em: EntityManager,
  scope: AccountScope<R>,
  query: ListQuery,
  conditions: object[] = [],
): Promise<{ records: R[]; total: number }> {
  const { disabled, ...where } = query.where;
  const all = [{ role: { $in: scope.roles } }, where, ...conditions];
  if (disabled !== undefined) all.push({ disabledAt: disabled ? { $ne: null } : null });
  const [users, total] = await em.findAndCount(UserSchema, { $and: all } as FilterQuery<User>, {
    orderBy: query.orderBy,
    offset: query.offset,
    limit: query.limit,
  });
  return { records: await toRecords(em, scope, users), total };
}

export async function showAccount<R>(em: EntityManager, scope: AccountScope<R>, id: string): Promise<R> {
  const user = await em.findOne(UserSchema, { id, role: { $in: scope.roles } });
  if (!user) throw new HttpError(404, scope.notFound);
  const [record] = await toRecords(em, scope, [user]);
  return record;
}

/** The account with this id within the scope, locked until the caller's transaction ends, read afresh; else 404. */
export async function lockAccount<R>(tx: EntityManager, scope: AccountScope<R>, id: string): Promise<User> {
  const user = await tx.findOne(
    UserSchema,
    { id, role: { $in: scope.roles } },
    { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
  );
  if (!user) throw new HttpError(404, scope.notFound);
  return user;
}

export type AccountAction = 'disable' | 'enable' | 'end-sessions';

/** A resource's own rule for an action on a locked account (throws to refuse it). */
export type AccountGuard = (
  tx: EntityManager,
  user: User,
  action: AccountAction,
  actor: Actor,
) => Promise<void>;

/** What each action does to the locked account; returns how many sessions ended. */
const applyAction: Record<AccountAction, (tx: EntityManager, user: User) => Promise<number>> = {
  disable(tx, user) {
    if (user.disabledAt) throw new HttpError(409, 'This account is already disabled');
    return setDisabled(tx, user, true);
  },
  enable(tx, user) {
    if (!user.disabledAt) throw new HttpError(409, 'This account is not disabled');
    return setDisabled(tx, user, false);
  },
  'end-sessions': (tx, user) => endUserSessions(tx, user.id),
};

const statusOf = (user: User) => (user.disabledAt ? 'disabled' : 'enabled');

/**
 * A console action on one account: disable (every session ends and no sign-in works, S9), enable, or end every
 * session (S9). The account is locked, the resource's `guard` may refuse, and the audit row is written in the same
 * transaction as the change (S31). Answers the record after the action.
 */
export async function actOnAccount<R>(
  em: EntityManager,
  log: Logger,
  scope: AccountScope<R>,
  action: { id: string; name: AccountAction; reason?: string; guard?: AccountGuard },
  actor: Actor,
  requestId: string | null,
): Promise<R> {
  const { user, sessionsEnded } = await em.transactional(async (tx) => {
    const user = await lockAccount(tx, scope, action.id);
    if (user.deletedAt) throw new HttpError(409, 'This account was deleted');
    const before = statusOf(user);
    await action.guard?.(tx, user, action.name, actor);
    const sessionsEnded = await applyAction[action.name](tx, user);
    recordAudit(tx, actor, requestId, {
      action: action.name,
      resource: scope.resource,
      resourceId: user.id,
      subjectId: user.id,
      ...(action.name !== 'end-sessions' && { fromStatus: before, toStatus: statusOf(user) }),
      reason: action.reason || null,
    });
    return { user, sessionsEnded };
  });
  log.info(
    { userId: user.id, resource: scope.resource, action: action.name, by: actor.userId, sessionsEnded },
    'account action taken',
  );
  const [record] = await toRecords(em, scope, [user]);
  return record;
}
