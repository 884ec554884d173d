import { LockMode, type EntityManager } from '@mikro-orm/core';
import type { AcceptMerchantInvitationBody } from '@tullab/contracts';
import type { Caller } from '@tullab/http';
import { recordAudit } from '@tullab/runtime';
import type { IdentityContext } from '../../context';
import { invitationRefused, liveInvitation, reserveTokenTry } from '../invitations/tokens';
import { startSession, type SignedIn } from '../sessions/sign-in';
import { UserSchema } from '../users/entities';
import { hashPassword } from '../users/passwords';
import { markEmailProved } from '../users/proof';
import { MerchantInvitationSchema } from './entities';
import { MERCHANTS_RESOURCE } from './invitations';

export const INVALID_INVITATION = 'This invitation link is invalid or has expired';

const refused = (ctx: IdentityContext, caller: Caller, reason: string) =>
  invitationRefused(ctx, caller, reason, INVALID_INVITATION, 'token');

/**
 * POST /auth/accept-merchant-invitation (public, decision 016): the token from the e-mail sets the merchant's
 * password (S3, as registration checks it) and signs them in, as a login does (S7: the caller's previous session
 * ends). No second factor: merchants sign in with a password alone, as students do (decision 016). Each try counts
 * against the caller's address first; the invitation and its account are locked, so two submits cannot both
 * succeed; it must be live and its account still an enabled merchant of the invitation's brand. Every other open
 * invitation of the account is revoked. Unknown, used, revoked and expired tokens get the same 400.
 */
export async function acceptMerchantInvitation(
  em: EntityManager,
  ctx: IdentityContext,
  input: AcceptMerchantInvitationBody,
  caller: Caller,
  requestId: string | null,
): Promise<SignedIn> {
  const giveBack = await reserveTokenTry(ctx, caller, 'merchant-invitation');
  const pending = await em.findOne(MerchantInvitationSchema, liveInvitation(input.token, new Date()));
  if (!pending) throw refused(ctx, caller, 'no live invitation');
  const passwordHash = await hashPassword(input.password);
  const signedIn = await em.transactional(async (tx) => {
    const now = new Date();
    const invitation = await tx.findOne(MerchantInvitationSchema, liveInvitation(input.token, now), {
      lockMode: LockMode.PESSIMISTIC_WRITE,
      refresh: true,
    });
    if (!invitation) throw refused(ctx, caller, 'no live invitation');
    const user = await tx.findOne(
      UserSchema,
      { id: invitation.userId, role: 'merchant', brandId: invitation.brandId, disabledAt: null },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    if (!user) throw refused(ctx, caller, 'account disabled or no longer a merchant of the brand');
    invitation.acceptedAt = now;
    await tx.nativeUpdate(
      MerchantInvitationSchema,
      { userId: user.id, acceptedAt: null, revokedAt: null, id: { $ne: invitation.id } },
      { revokedAt: now },
    );
    Object.assign(user, { passwordHash, locked: false });
    markEmailProved(user, now);
    recordAudit(tx, { userId: user.id, role: user.role, ip: caller.ip }, requestId, {
      action: 'accept-invitation',
      resource: MERCHANTS_RESOURCE,
      resourceId: user.id,
      subjectId: user.id,
    });
    return { user, session: await startSession(tx, user, caller, now) };
  });
  await giveBack();
  ctx.log.info(
    { userId: signedIn.user.id, brandId: signedIn.user.brandId, ip: caller.ip },
    'merchant invitation accepted; password set and signed in',
  );
  return signedIn;
}
