import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { MERCHANT_INVITATION_HOURS } from '@tullab/contracts';
import { addToOutbox } from '@tullab/events';
import { HttpError, type Language } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { newInvitation } from '../invitations/tokens';
import { createUser } from '../users/creation';
import type { User } from '../users/entities';
import { MerchantInvitationSchema } from './entities';

/** The audit log's name for merchant accounts (identity's audit log, `resource`). */
export const MERCHANTS_RESOURCE = 'merchants';

/** Whom to invite to a brand's merchant account, and in which language to write to them. */
export interface MerchantInvitee {
  email: string;
  firstName: string;
  lastName: string;
  brandId: string;
  brandName: string;
  language: Language;
}

/**
 * Adds to the caller's transaction a merchant account of the invitee's brand without a password (no password can
 * match until the invitation is accepted, T15) and its invitation (`sendMerchantInvitation`). `invitedBy` is the
 * colleague who invited them; null when the brand's approval did. The caller flushes, audits, and has checked that
 * the e-mail is free.
 */
export async function addMerchantInvitation(
  tx: EntityManager,
  ctx: Pick<IdentityContext, 'config'>,
  invitee: MerchantInvitee,
  invitedBy: User | null,
  requestId: string | null,
  now = new Date(),
): Promise<User> {
  const { brandId, brandName, language, ...person } = invitee;
  const user = await createUser(tx, { ...person, password: null, role: 'merchant', brandId, language }, now);
  sendMerchantInvitation(tx, ctx, user, brandName, invitedBy, requestId, now);
  return user;
}

/**
 * Adds to the caller's transaction an invitation of the merchant account `user` (MERCHANT_INVITATION_HOURS) and the
 * `merchant-invitation` e-mail in the account's language, the token sealed: the first one, or a new one when the
 * link was missed (decision 016). The caller has revoked any other open invitation, flushes and audits.
 */
export function sendMerchantInvitation(
  tx: EntityManager,
  ctx: Pick<IdentityContext, 'config'>,
  user: User,
  brandName: string,
  invitedBy: User | null,
  requestId: string | null,
  now = new Date(),
): void {
  if (!user.brandId) throw new Error('a merchant invitation needs an account of a brand');
  const { tokenHash, sealed, expiresAt } = newInvitation(ctx, MERCHANT_INVITATION_HOURS, now);
  tx.create(MerchantInvitationSchema, {
    id: randomUUID(),
    userId: user.id,
    brandId: user.brandId,
    brandName,
    tokenHash,
    invitedBy: invitedBy?.id ?? null,
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
      template: 'merchant-invitation',
      data: {
        firstName: user.firstName,
        // a mail shows at most 200 characters of a name (the template's `label`); an application allows 255
        brandName: brandName.slice(0, 200),
        expiresHours: String(MERCHANT_INVITATION_HOURS),
        ...(invitedBy && { invitedBy: `${invitedBy.firstName} ${invitedBy.lastName}`.trim() }),
      },
      sealed,
      expiresAt: expiresAt.toISOString(),
      language: user.language,
    },
    requestId,
  );
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
