import type { EntityManager } from '@mikro-orm/core';
import type { InviteColleagueBody, MerchantColleague } from '@tullab/contracts';
import { HttpError, type Caller } from '@tullab/http';
import { recordAudit } from '@tullab/runtime';
import type { IdentityContext } from '../../context';
import { createAccount } from '../users/creation';
import { currentUser } from '../users/current-user';
import { UserSchema, type User } from '../users/entities';
import { findUserByEmail } from '../users/lookup';
import { addMerchantInvitation, brandNameOf, MERCHANTS_RESOURCE } from './invitations';
import { colleagueOf, reinvite } from './resend';

export const EMAIL_TAKEN = 'An account with this e-mail already exists';

/** A brand's merchant as GET /merchant/colleagues shows them. */
export function toColleague(user: User): MerchantColleague {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    status: user.disabledAt ? 'disabled' : user.passwordHash ? 'active' : 'invited',
    invitedAt: user.createdAt.toISOString(),
  };
}

/** GET /merchant/colleagues: the merchants of `brandId` (the caller's, `brandOf`), the caller included, oldest first. */
export async function listColleagues(em: EntityManager, brandId: string): Promise<MerchantColleague[]> {
  const users = await em.find(
    UserSchema,
    { role: 'merchant', brandId, deletedAt: null },
    { orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  return users.map(toColleague);
}

/**
 * The signed-in merchant, still a merchant of `brandId`. The session said so when the gateway resolved it; this read
 * is the same row as it is now.
 */
async function merchantOf(em: EntityManager, caller: Caller, brandId: string): Promise<User> {
  const user = await currentUser(em, caller);
  if (user.role !== 'merchant' || user.brandId !== brandId) throw new HttpError(403, 'Forbidden');
  return user;
}

/** A merchant account of `brandId` that can still accept an invitation: it never set a password, nor was disabled. */
const awaitsInvitation = (user: User, brandId: string) =>
  user.role === 'merchant' &&
  user.brandId === brandId &&
  !user.passwordHash &&
  !user.disabledAt &&
  !user.deletedAt;

/**
 * POST /merchant/colleagues: a merchant invites someone to their own brand (decision 016), never another: the new
 * account is a merchant of the caller's brand, without a password, with an invitation and its e-mail (written in the
 * inviter's language), audited in the same transaction (`created`). An e-mail of a colleague of the same brand who
 * never set a password is invited again, as POST /merchant/colleagues/:id/resend-invitation does. Any other e-mail
 * that already has an account, of any role or brand, is 409 `email_taken`: an invitation never takes over an account.
 */
export async function inviteColleague(
  em: EntityManager,
  ctx: IdentityContext,
  brandId: string,
  input: InviteColleagueBody,
  actor: Caller,
  requestId: string | null,
): Promise<{ colleague: MerchantColleague; created: boolean }> {
  const inviter = await merchantOf(em, actor, brandId);
  const existing = await findUserByEmail(em, input.email);
  if (existing && awaitsInvitation(existing, brandId)) {
    const user = await reinvite(em, ctx, brandId, existing.id, inviter, actor, requestId);
    return { colleague: toColleague(user), created: false };
  }
  const brandName = await brandNameOf(em, brandId);
  const user = await createAccount(
    em,
    input.email,
    () =>
      em.transactional(async (tx) => {
        const invitee = { ...input, brandId, brandName, language: inviter.language };
        const user = await addMerchantInvitation(tx, ctx, invitee, inviter, requestId);
        recordAudit(tx, actor, requestId, {
          action: 'invite',
          resource: MERCHANTS_RESOURCE,
          resourceId: user.id,
          subjectId: user.id,
          toStatus: 'merchant',
        });
        return user;
      }),
    EMAIL_TAKEN,
  );
  ctx.log.info({ userId: user.id, brandId, by: inviter.id }, 'merchant colleague invited');
  return { colleague: toColleague(user), created: true };
}

/**
 * POST /merchant/colleagues/:id/resend-invitation: a new link for a colleague of the caller's brand who missed theirs
 * (`reinvite`). Another brand's account, or an unknown one, is 404 as if it did not exist.
 */
export async function resendInvitation(
  em: EntityManager,
  ctx: IdentityContext,
  brandId: string,
  colleagueId: string,
  actor: Caller,
  requestId: string | null,
): Promise<MerchantColleague> {
  const inviter = await merchantOf(em, actor, brandId);
  await colleagueOf(em, brandId, colleagueId);
  return toColleague(await reinvite(em, ctx, brandId, colleagueId, inviter, actor, requestId));
}
