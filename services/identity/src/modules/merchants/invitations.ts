import { randomUUID } from 'node:crypto';
import { LockMode, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { MERCHANT_INVITATION_HOURS } from '@tullab/contracts';
import { addToOutbox } from '@tullab/events';
import { HttpError, type Language } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { newInvitation } from '../invitations/tokens';
import type { User } from '../users/entities';
import { findUserByEmail } from '../users/lookup';
import { MerchantInvitationSchema, type MerchantInvitation } from './entities';

/** The audit log's names for merchant accounts and for their invitations (identity's audit log, `resource`). */
export const MERCHANTS_RESOURCE = 'merchants';
export const INVITATIONS_RESOURCE = 'merchant-invitations';

/** Whom to invite to a brand's merchant account, and in which language to write to them. */
export interface MerchantInvitee {
  email: string;
  firstName: string;
  lastName: string;
  brandId: string;
  brandName: string;
  language: Language;
}

/** The condition on merchant_invitations for the open invitation of a brand to an address (at most one, T24). */
export const openInvitationTo = (brandId: string, email: string) => ({
  brandId,
  email: email.toLowerCase(),
  acceptedAt: null,
  revokedAt: null,
});

/**
 * Adds to the caller's transaction an invitation of `invitee` to their brand (MERCHANT_INVITATION_HOURS), and the
 * `merchant-invitation` e-mail with the token sealed unless `mail` is false. No account is made: that waits for the
 * acceptance (T24). `invitedBy` is the colleague who invited them; null when the brand's approval did. The caller
 * has ended any open invitation of the brand to the address, flushes and audits.
 */
export function addMerchantInvitation(
  tx: EntityManager,
  ctx: Pick<IdentityContext, 'config'>,
  invitee: MerchantInvitee,
  invitedBy: User | null,
  requestId: string | null,
  { mail, now = new Date() }: { mail: boolean; now?: Date },
): MerchantInvitation {
  const { tokenHash, sealed, expiresAt } = newInvitation(ctx, MERCHANT_INVITATION_HOURS, now);
  const invitation = tx.create(MerchantInvitationSchema, {
    id: randomUUID(),
    ...invitee,
    email: invitee.email.toLowerCase(),
    tokenHash,
    invitedBy: invitedBy?.id ?? null,
    createdAt: now,
    expiresAt,
    acceptedAt: null,
    userId: null,
    revokedAt: null,
  });
  if (!mail) return invitation;
  addToOutbox(
    tx,
    'email.requested',
    {
      to: invitation.email,
      template: 'merchant-invitation',
      data: {
        firstName: invitation.firstName,
        // a mail shows at most 200 characters of a name (the template's `label`); an application allows 255
        brandName: invitation.brandName.slice(0, 200),
        expiresHours: String(MERCHANT_INVITATION_HOURS),
        ...(invitedBy && { invitedBy: `${invitedBy.firstName} ${invitedBy.lastName}`.trim() }),
      },
      sealed,
      expiresAt: expiresAt.toISOString(),
      language: invitation.language,
    },
    requestId,
  );
  return invitation;
}

/**
 * A colleague's invitation to `invitee`, sent by `inviter` (T24), in a transaction of its own, with `audit` added to
 * it: the brand's open invitation to the address, if any, is revoked (its link stops working) and a new one takes
 * its place. Every address gets the same invitation row, so nothing the brand can see tells whether the address has
 * an account; only an address without one is e-mailed, since an account's owner could not accept it (decision 016).
 * Two requests for one address at once meet at the open-invitation index: the loser tries once more, after the
 * winner, and replaces its invitation.
 */
export async function replaceInvitation(
  em: EntityManager,
  ctx: IdentityContext,
  invitee: MerchantInvitee,
  inviter: User,
  requestId: string | null,
  audit: (tx: EntityManager, invitation: MerchantInvitation) => void,
): Promise<MerchantInvitation> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { invitation, mailed } = await em.transactional(async (tx) => {
        const now = new Date();
        const open = await tx.find(
          MerchantInvitationSchema,
          openInvitationTo(invitee.brandId, invitee.email),
          {
            lockMode: LockMode.PESSIMISTIC_WRITE,
            refresh: true,
          },
        );
        for (const stale of open) stale.revokedAt = now;
        // the revocation first: a flush inserts before it updates, and the new row must not meet the old one
        await tx.flush();
        const hasAccount = (await findUserByEmail(tx, invitee.email)) !== null;
        const invitation = addMerchantInvitation(tx, ctx, invitee, inviter, requestId, {
          mail: !hasAccount,
          now,
        });
        audit(tx, invitation);
        return { invitation, mailed: !hasAccount };
      });
      ctx.log.info(
        { invitationId: invitation.id, brandId: invitee.brandId, by: inviter.id, mailed },
        'merchant invitation sent',
      );
      return invitation;
    } catch (err) {
      if (!(err instanceof UniqueConstraintViolationException) || attempt > 1) throw err;
    }
  }
}

/**
 * The brand's name as its latest invitation showed it: identity keeps no brands (offers does), and every merchant
 * account of a brand came from an invitation that named it.
 */
export async function brandNameOf(em: EntityManager, brandId: string): Promise<string> {
  const latest = await em.findOne(MerchantInvitationSchema, { brandId }, { orderBy: { createdAt: 'desc' } });
  if (!latest) throw new HttpError(403, 'Forbidden');
  return latest.brandName;
}

/**
 * A contact's name as the merchant application gave it, as a first and a last name: the first word, then the rest
 * ("Layla Al Hassan" → "Layla", "Al Hassan"); a single word is a first name alone.
 */
export function splitContactName(contactName: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = contactName.trim().split(/\s+/);
  return { firstName: first.slice(0, 100), lastName: rest.join(' ').slice(0, 100) };
}
