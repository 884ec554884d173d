import type { EntityManager } from '@mikro-orm/core';
import * as QRCode from 'qrcode';
import type { MfaEnrolment } from '@tullab/contracts';
import { addToOutbox, seal, unseal } from '@tullab/events';
import type { IdentityContext } from '../../context';
import type { User } from '../users/entities';
import { otpauthUrl } from './totp';

export type { MfaEnrolment as Enrolment };

/** A TOTP secret as the database keeps it: sealed with the key derived from INTERNAL_SECRET (S37). */
export const sealSecret = (ctx: IdentityContext, secret: string) => seal(ctx.mfaKey, { secret });
export const unsealSecret = (ctx: IdentityContext, sealed: string) => unseal(ctx.mfaKey, sealed).secret;

/** The key of a new authenticator app for `account`, as text, as an otpauth URL and as its QR code. */
export async function showEnrolment(account: string, secret: string): Promise<MfaEnrolment> {
  const url = otpauthUrl(account, secret);
  return { secret, otpauthUrl: url, qrCode: await QRCode.toDataURL(url) };
}

/**
 * A code for `step` confirmed the sealed secret: it becomes the account's second factor (in the caller's
 * transaction), no later sign-in may set up another one, and the account is told by e-mail at once, so an owner
 * who did not do it can raise the alarm. The e-mail carries the time only, never the secret.
 */
export function enrolSecondFactor(
  tx: EntityManager,
  user: User,
  sealed: string,
  step: number,
  now: Date,
  requestId: string | null,
): void {
  Object.assign(user, {
    mfaSecret: sealed,
    mfaEnrolledAt: now,
    mfaLastStep: step,
    mfaEnrolAtSignIn: false,
    updatedAt: now,
  });
  addToOutbox(
    tx,
    'email.requested',
    {
      to: user.email,
      userId: user.id,
      template: 'staff-second-factor-enrolled',
      data: { firstName: user.firstName, enrolledAt: now.toISOString() },
    },
    requestId,
  );
}
