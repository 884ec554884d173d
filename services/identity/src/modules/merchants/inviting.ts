import { LockMode, type EntityManager } from '@mikro-orm/core';
import type { InviteColleagueBody, MerchantInvitation as InvitationAnswer } from '@tullab/contracts';
import { HttpError, type Caller } from '@tullab/http';
import { recordAudit } from '@tullab/audit-log';
import type { IdentityContext } from '../../context';
import { UserSchema, type User } from '../users/entities';
import { merchantOf, refuseTeamMember } from './colleagues';
import { MerchantInvitationSchema, type MerchantInvitation } from './entities';
import { brandNameOf, INVITATIONS_RESOURCE, replaceInvitation, type MerchantInvitee } from './invitations';
import { countInvitation } from './limits';

export const INVITATION_NOT_FOUND = 'Invitation not found';

/** The most open invitations GET /merchant/invitations lists, newest first (T24 keeps a brand to 50 a day). */
const LISTED_INVITATIONS = 100;

/** An invitation as the brand sees it: the same for every address, whether or not it has an account (T24). */
export function toInvitationAnswer(
  invitation: MerchantInvitation,
  inviter: Pick<User, 'firstName' | 'lastName'> | null,
  now = new Date(),
): InvitationAnswer {
  return {
    id: invitation.id,
    email: invitation.email,
    firstName: invitation.firstName,
    lastName: invitation.lastName,
    status: invitation.expiresAt > now ? 'pending' : 'expired',
    invitedAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
    // an erased inviter's name is empty: nobody to name
    invitedBy: (inviter && `${inviter.firstName} ${inviter.lastName}`.trim()) || null,
  };
}

/** GET /merchant/invitations: the open invitations of `brandId` (neither accepted nor revoked), newest first. */
export async function listInvitations(em: EntityManager, brandId: string): Promise<InvitationAnswer[]> {
  const open = await em.find(
    MerchantInvitationSchema,
    { brandId, acceptedAt: null, revokedAt: null },
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit: LISTED_INVITATIONS },
  );
  const ids = [...new Set(open.flatMap((invitation) => invitation.invitedBy ?? []))];
  const inviters = new Map(
    (ids.length ? await em.find(UserSchema, { id: { $in: ids } }) : []).map((user) => [user.id, user]),
  );
  const now = new Date();
  return open.map((invitation) =>
    toInvitationAnswer(invitation, inviters.get(invitation.invitedBy ?? '') ?? null, now),
  );
}

/**
 * Sends `invitee` an invitation from `inviter` (T24), counted against the brand's limits first, replacing the brand's
 * open invitation to the address if there is one, audited as `invite` (with `reason` when it was sent again).
 */
async function invite(
  em: EntityManager,
  ctx: IdentityContext,
  invitee: MerchantInvitee,
  inviter: User,
  actor: Caller,
  requestId: string | null,
  reason?: string,
): Promise<InvitationAnswer> {
  await refuseTeamMember(em, invitee.brandId, invitee.email);
  await countInvitation(ctx, invitee.brandId, invitee.email);
  const invitation = await replaceInvitation(em, ctx, invitee, inviter, requestId, (tx, made) =>
    recordAudit(tx, actor, requestId, {
      action: 'invite',
      resource: INVITATIONS_RESOURCE,
      resourceId: made.id,
      toStatus: 'merchant',
      reason,
    }),
  );
  return toInvitationAnswer(invitation, inviter);
}

/**
 * POST /merchant/invitations: a merchant invites someone to their own brand (decision 016), never another. The
 * answer is the same 201 and invitation for every address (T24): one with an account of any role, one the brand
 * invited already (that invitation ends, as sending it again does) and one with nothing; the e-mail goes only where
 * no account exists, in the inviter's language. No account is made until the invitation is accepted. A member of
 * the caller's own team is 409.
 */
export async function inviteColleague(
  em: EntityManager,
  ctx: IdentityContext,
  brandId: string,
  input: InviteColleagueBody,
  actor: Caller,
  requestId: string | null,
): Promise<InvitationAnswer> {
  const inviter = await merchantOf(em, actor, brandId);
  const invitee = {
    ...input,
    brandId,
    brandName: await brandNameOf(em, brandId),
    language: inviter.language,
  };
  return invite(em, ctx, invitee, inviter, actor, requestId);
}

/** The open invitation `id` of `brandId`, or 404 as for an id of another brand. */
async function openInvitationOf(
  em: EntityManager,
  brandId: string,
  id: string,
  lockMode?: LockMode,
): Promise<MerchantInvitation> {
  const invitation = await em.findOne(
    MerchantInvitationSchema,
    { id, brandId, acceptedAt: null, revokedAt: null },
    lockMode ? { lockMode, refresh: true } : {},
  );
  if (!invitation) throw new HttpError(404, INVITATION_NOT_FOUND);
  return invitation;
}

/**
 * POST /merchant/invitations/:id/resend: a new link for someone who missed theirs (MERCHANT_INVITATION_HOURS), in
 * the invitation's language, naming the merchant who sends it; the old link stops working. The same as inviting the
 * address again, limits included.
 */
export async function resendInvitation(
  em: EntityManager,
  ctx: IdentityContext,
  brandId: string,
  id: string,
  actor: Caller,
  requestId: string | null,
): Promise<InvitationAnswer> {
  const inviter = await merchantOf(em, actor, brandId);
  const { email, firstName, lastName, brandName, language } = await openInvitationOf(em, brandId, id);
  const invitee = { email, firstName, lastName, brandId, brandName, language };
  return invite(em, ctx, invitee, inviter, actor, requestId, 'invitation sent again');
}

/** POST /merchant/invitations/:id/revoke: the brand takes back an open invitation; its link stops working. Audited. */
export async function revokeInvitation(
  em: EntityManager,
  ctx: IdentityContext,
  brandId: string,
  id: string,
  actor: Caller,
  requestId: string | null,
): Promise<void> {
  const merchant = await merchantOf(em, actor, brandId);
  await em.transactional(async (tx) => {
    const invitation = await openInvitationOf(tx, brandId, id, LockMode.PESSIMISTIC_WRITE);
    invitation.revokedAt = new Date();
    recordAudit(tx, actor, requestId, {
      action: 'revoke-invitation',
      resource: INVITATIONS_RESOURCE,
      resourceId: id,
    });
  });
  ctx.log.info({ invitationId: id, brandId, by: merchant.id }, 'merchant invitation revoked');
}
