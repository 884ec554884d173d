import { raw, type EntityManager } from '@mikro-orm/core';
import type { MerchantColleague } from '@tullab/contracts';
import { HttpError, type Caller } from '@tullab/http';
import { currentUser } from '../users/current-user';
import { UserSchema, type User } from '../users/entities';

export const ALREADY_IN_TEAM = 'This person is already in your team';

/** A brand's merchant as GET /merchant/colleagues shows them. */
export function toColleague(user: User): MerchantColleague {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    status: user.disabledAt ? 'disabled' : 'active',
    joinedAt: user.createdAt.toISOString(),
  };
}

/** The merchant accounts of `brandId` (erased ones are nobody's). */
const membersOf = (brandId: string) => ({ role: 'merchant' as const, brandId, deletedAt: null });

/**
 * GET /merchant/colleagues: the merchants of `brandId` (the caller's, `brandOf`), the caller included, oldest first.
 * Every one of them accepted an invitation (T24): an invitation waiting for its answer is listed apart.
 */
export async function listColleagues(em: EntityManager, brandId: string): Promise<MerchantColleague[]> {
  const users = await em.find(UserSchema, membersOf(brandId), { orderBy: { createdAt: 'asc', id: 'asc' } });
  return users.map(toColleague);
}

/**
 * The signed-in merchant, still a merchant of `brandId`. The session said so when the gateway resolved it; this read
 * is the same row as it is now.
 */
export async function merchantOf(em: EntityManager, caller: Caller, brandId: string): Promise<User> {
  const user = await currentUser(em, caller);
  if (user.role !== 'merchant' || user.brandId !== brandId) throw new HttpError(403, 'Forbidden');
  return user;
}

/**
 * 409 `already_in_team` when `email` is the address of a merchant of `brandId` (T24). The brand's team list shows
 * every such address already, so saying so tells the brand nothing new; any other account, of any role or brand,
 * is never matched here, and its address is invited as any other is.
 */
export async function refuseTeamMember(em: EntityManager, brandId: string, email: string): Promise<void> {
  const member = await em.count(UserSchema, {
    ...membersOf(brandId),
    [raw('lower(email)')]: email.toLowerCase(),
  } as object);
  if (member) throw new HttpError(409, ALREADY_IN_TEAM, { code: 'already_in_team' });
}
