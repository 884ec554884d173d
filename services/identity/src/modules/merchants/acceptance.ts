import { LockMode, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { AcceptMerchantInvitationBody } from '@tullab/contracts';
import { HttpError, type Caller } from '@tullab/http';
import { recordAudit } from '@tullab/audit-log';
import type { IdentityContext } from '../../context';
import { invitationRefused, liveInvitation, reserveTokenTry } from '../invitations/tokens';
import { startSession, type SignedIn } from '../sessions/sign-in';
import { createUser } from '../users/creation';
import { findUserByEmail } from '../users/lookup';
import { hashPassword } from '../users/passwords';
import { markEmailProved } from '../users/proof';
import { MerchantInvitationSchema } from './entities';
import { MERCHANTS_RESOURCE } from './invitations';

export const INVALID_INVITATION = 'This invitation link is invalid or has expired';
export const INVITATION_EMAIL_TAKEN =
  'This e-mail address already has a Tullab account, so this invitation can no longer be used. Ask your brand to invite another address.';

const refused = (ctx: IdentityContext, caller: Caller, reason: string) =>
  invitationRefused(ctx, caller, reason, INVALID_INVITATION, 'token');

/** 409 `invitation_email_taken`: the invitation met an account of its address and has ended (T24). */
const emailTaken = () => new HttpError(409, INVITATION_EMAIL_TAKEN, { code: 'invitation_email_taken' });

/**
 * Ends the invitation `id` (if still open) because its address became an account: it never takes that account over
 * nor changes it, and a later erasure of the account does not bring the link back (T24).
 */
async function endInvitation(em: EntityManager, ctx: IdentityContext, id: string, caller: Caller) {
  await em.nativeUpdate(
    MerchantInvitationSchema,
    { id, acceptedAt: null, revokedAt: null },
    { revokedAt: new Date() },
  );
  ctx.log.warn({ invitationId: id, ip: caller.ip }, 'merchant invitation ended: its address has an account');
}

/**
 * POST /auth/accept-merchant-invitation (public, decision 016): the token from the e-mail makes the merchant account
 * (T24: an invitation reserves nothing until now) with the name, language and brand of the invitation, sets its
 * password (S3, as registration checks it) and signs the merchant in, as a login does (S7: the caller's previous
 * session ends). No second factor: merchants sign in with a password alone, as students do (decision 016). Each try
 * counts against the caller's address first; the invitation is locked, so two submits cannot both succeed. Unknown,
 * used, revoked and expired tokens get the same 400. When the address is already an account of any kind (a student
 * signed up with it meanwhile, staff invited it, another brand's invitation was accepted), the invitation ends and the
 * answer is 409 `invitation_email_taken`: that account is left exactly as it was. The holder of the link is the
 * address's owner, to whom registration would say the same.
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
  let outcome: SignedIn | 'email taken';
  try {
    outcome = await em.transactional(async (tx) => {
      const now = new Date();
      const invitation = await tx.findOne(MerchantInvitationSchema, liveInvitation(input.token, now), {
        lockMode: LockMode.PESSIMISTIC_WRITE,
        refresh: true,
      });
      if (!invitation) throw refused(ctx, caller, 'no live invitation');
      if (await findUserByEmail(tx, invitation.email)) return 'email taken' as const;
      const { email, firstName, lastName, brandId, language } = invitation;
      const user = await createUser(
        tx,
        { email, password: null, firstName, lastName, role: 'merchant', brandId, language },
        now,
      );
      user.passwordHash = passwordHash;
      markEmailProved(user, now);
      Object.assign(invitation, { acceptedAt: now, userId: user.id });
      recordAudit(tx, { userId: user.id, role: user.role, ip: caller.ip }, requestId, {
        action: 'accept-invitation',
        resource: MERCHANTS_RESOURCE,
        resourceId: user.id,
        subjectId: user.id,
        reason: `invitation ${invitation.id}`,
      });
      return { user, session: await startSession(tx, user, caller, now) };
    });
  } catch (err) {
    // a sign-up with the same address committed between the look-up and this account: the same as finding it
    if (!(err instanceof UniqueConstraintViolationException)) throw err;
    outcome = 'email taken';
  }
  await giveBack();
  if (outcome === 'email taken') {
    await endInvitation(em, ctx, pending.id, caller);
    throw emailTaken();
  }
  ctx.log.info(
    { userId: outcome.user.id, brandId: outcome.user.brandId, invitationId: pending.id, ip: caller.ip },
    'merchant invitation accepted; account made and signed in',
  );
  return outcome;
}
