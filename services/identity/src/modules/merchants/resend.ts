import { LockMode, type EntityManager } from '@mikro-orm/core';
import { HttpError, type Caller } from '@tullab/http';
import { recordAudit } from '@tullab/runtime';
import type { IdentityContext } from '../../context';
import { UserSchema, type User } from '../users/entities';
import { tooManyAttempts } from '../users/throttle';
import { MerchantInvitationSchema } from './entities';
import { brandNameOf, MERCHANTS_RESOURCE, sendMerchantInvitation } from './invitations';

export const COLLEAGUE_NOT_FOUND = 'Colleague not found';
export const ALREADY_ACTIVE = 'This colleague has already set a password and can sign in';
export const COLLEAGUE_DISABLED = "This colleague's account is disabled";

/** New invitations of one account (decision 016): enough for a mistyped inbox, too few to flood anyone's. */
const RESENDS_PER_ACCOUNT = { limit: 5, windowSeconds: 3600 };

/** An account of `brandId` that is a merchant (deleted ones are nobody's), or 404 as for an id of another brand. */
export async function colleagueOf(em: EntityManager, brandId: string, id: string): Promise<User> {
  const user = await em.findOne(UserSchema, { id, role: 'merchant', brandId, deletedAt: null });
  if (!user) throw new HttpError(404, COLLEAGUE_NOT_FOUND);
  return user;
}

/**
 * Invites the merchant account `colleagueId` of `brandId` again (decision 016): for a brand contact or a colleague
 * who missed the MERCHANT_INVITATION_HOURS of their link. Their open invitations are revoked (an old link no longer
 * works) and a new one is mailed in the account's language, naming `inviter`, audited as the first invitation was.
 * Counted per account (at most RESENDS_PER_ACCOUNT, else 429). An account that set its password, or is disabled,
 * is 409: it signs in or resets its password, or an admin enables it. The open invitations are locked before the
 * account, in the order acceptance locks them, so a resend and an acceptance racing end with one of them refused.
 */
export async function reinvite(
  em: EntityManager,
  ctx: IdentityContext,
  brandId: string,
  colleagueId: string,
  inviter: User,
  actor: Caller,
  requestId: string | null,
): Promise<User> {
  const key = `merchant-invitation:resend:${colleagueId}`;
  const decision = await ctx.limiter.hit(key, RESENDS_PER_ACCOUNT.limit, RESENDS_PER_ACCOUNT.windowSeconds);
  if (!decision.allowed) {
    ctx.log.warn({ userId: colleagueId, by: inviter.id }, 'merchant invitation resend rate limited');
    throw tooManyAttempts(decision.retryAfter);
  }
  const brandName = await brandNameOf(em, brandId);
  const user = await em.transactional(async (tx) => {
    const now = new Date();
    const open = { userId: colleagueId, acceptedAt: null, revokedAt: null };
    const stale = await tx.find(MerchantInvitationSchema, open, {
      lockMode: LockMode.PESSIMISTIC_WRITE,
      refresh: true,
    });
    const user = await tx.findOne(
      UserSchema,
      { id: colleagueId, role: 'merchant', brandId, deletedAt: null },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    if (!user) throw new HttpError(404, COLLEAGUE_NOT_FOUND);
    if (user.passwordHash) throw new HttpError(409, ALREADY_ACTIVE);
    if (user.disabledAt) throw new HttpError(409, COLLEAGUE_DISABLED);
    for (const invitation of stale) invitation.revokedAt = now;
    sendMerchantInvitation(tx, ctx, user, brandName, inviter, requestId, now);
    recordAudit(tx, actor, requestId, {
      action: 'invite',
      resource: MERCHANTS_RESOURCE,
      resourceId: user.id,
      subjectId: user.id,
      toStatus: 'merchant',
      reason: 'invitation sent again',
    });
    return user;
  });
  ctx.log.info({ userId: user.id, brandId, by: inviter.id }, 'merchant invitation sent again');
  return user;
}
