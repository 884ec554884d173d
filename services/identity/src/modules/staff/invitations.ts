import { randomUUID } from 'node:crypto';
import { LockMode, type EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@tullab/events';
import { HttpError, type Caller } from '@tullab/http';
import { recordAudit } from '@tullab/audit-log';
import type { AcceptInvitationBody, InvitationEnrolmentBody, InviteStaffBody } from '@tullab/contracts';
import type { IdentityContext } from '../../context';
import { confirmCurrentPassword } from '../auth/reauthentication';
import { invitationRefused as refused, liveInvitation, newInvitation } from '../invitations/tokens';
import { enrolSecondFactor, sealSecret, showEnrolment, unsealSecret, type Enrolment } from '../mfa/enrolment';
import { messages as mfaMessages } from '../mfa/service';
import { matchingStep, newTotpSecret } from '../mfa/totp';
import { createAccount, createUser } from '../users/creation';
import { currentUser } from '../users/current-user';
import { UserSchema } from '../users/entities';
import { hashPassword } from '../users/passwords';
import { markEmailProved } from '../users/proof';
import { StaffInvitationSchema } from './entities';
import { messages, staff, type StaffRecord } from './service';

/** An invitation is valid this long (PC); the e-mail says so. */
const INVITATION_TTL_HOURS = 72;

/**
 * POST /admin/staff: the inviting admin re-authenticates (S37: an invitation grants a console role), then the
 * account is created without a password or second factor, with an invitation (a random token, only its SHA-256
 * stored, 72 h) and the `staff-invitation` e-mail (the token sealed), in one transaction with the audit row.
 */
export async function inviteStaff(
  em: EntityManager,
  ctx: IdentityContext,
  input: InviteStaffBody,
  actor: Caller,
  requestId: string | null,
): Promise<StaffRecord> {
  const inviter = await currentUser(em, actor);
  const { currentPassword, ...invitee } = input;
  await confirmCurrentPassword(em, ctx, inviter, currentPassword, 'staff invitation');
  const user = await createAccount(em, invitee.email, () =>
    em.transactional(async (tx) => {
      const now = new Date();
      const user = await createUser(tx, { ...invitee, password: null }, now);
      const { tokenHash, sealed, expiresAt } = newInvitation(ctx, INVITATION_TTL_HOURS, now);
      tx.create(StaffInvitationSchema, {
        id: randomUUID(),
        userId: user.id,
        tokenHash,
        invitedBy: inviter.id,
        createdAt: now,
        expiresAt,
        acceptedAt: null,
        revokedAt: null,
        pendingMfaSecret: null,
      });
      addToOutbox(
        tx,
        'email.requested',
        {
          to: user.email,
          userId: user.id,
          template: 'staff-invitation',
          data: {
            firstName: user.firstName,
            role: invitee.role,
            invitedBy: `${inviter.firstName} ${inviter.lastName}`,
          },
          sealed,
          expiresAt: expiresAt.toISOString(),
        },
        requestId,
      );
      recordAudit(tx, actor, requestId, {
        action: 'invite',
        resource: staff.resource,
        resourceId: user.id,
        subjectId: user.id,
        toStatus: user.role,
      });
      return user;
    }),
  );
  ctx.log.info({ userId: user.id, role: user.role, by: inviter.id }, 'staff member invited');
  return staff.toRecord(user, null);
}

/** The one answer to a token that cannot be used, whatever the reason (logged). */
const invitationRefused = (ctx: IdentityContext, caller: Caller, reason: string) =>
  refused(ctx, caller, reason, messages.invalidInvitation);

/**
 * The live invitation of `token` and its account, both locked (read afresh), so two visits of the link are served
 * one after the other; the account must still be enabled staff. Else 400.
 */
async function lockInvitation(
  tx: EntityManager,
  ctx: IdentityContext,
  token: string,
  caller: Caller,
  now: Date,
) {
  const invitation = await tx.findOne(StaffInvitationSchema, liveInvitation(token, now), {
    lockMode: LockMode.PESSIMISTIC_WRITE,
    refresh: true,
  });
  if (!invitation) throw invitationRefused(ctx, caller, 'no live invitation');
  const user = await tx.findOne(
    UserSchema,
    { id: invitation.userId, role: { $in: staff.roles }, disabledAt: null },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  if (!user) throw invitationRefused(ctx, caller, 'account disabled or no longer staff');
  return { invitation, user };
}

/**
 * POST /auth/accept-invitation/enrollment (public), when the accept page opens: the key of the authenticator app the
 * new staff member sets up along with their password (S37), kept sealed in the invitation until the acceptance
 * confirms it with a code. Asked again (the page was reloaded), it shows the same key, so a QR code already scanned
 * stays right. Only the holder of the e-mailed token gets it, and only while the invitation is live.
 */
export async function startInvitationEnrolment(
  em: EntityManager,
  ctx: IdentityContext,
  input: InvitationEnrolmentBody,
  caller: Caller,
): Promise<Enrolment> {
  const { user, secret } = await em.transactional(async (tx) => {
    const { invitation, user } = await lockInvitation(tx, ctx, input.token, caller, new Date());
    if (invitation.pendingMfaSecret) return { user, secret: unsealSecret(ctx, invitation.pendingMfaSecret) };
    const created = newTotpSecret();
    invitation.pendingMfaSecret = sealSecret(ctx, created);
    return { user, secret: created };
  });
  ctx.log.info({ userId: user.id, ip: caller.ip }, 'second factor enrolment started with an invitation');
  return showEnrolment(user.email, secret);
}

/**
 * POST /auth/accept-invitation (public): the token from the e-mail sets the account's password and, with a right
 * code for the key the accept page showed, its second factor, once and together (S37: whoever accepts the
 * invitation owns the account; no later sign-in can set up another authenticator). The code is checked before the
 * password is hashed; a wrong one changes nothing. The invitation is locked, so two submits cannot both succeed; it
 * must be live and its account still enabled staff. No session is issued: the new staff member signs in with a code.
 */
export async function acceptInvitation(
  em: EntityManager,
  ctx: IdentityContext,
  input: AcceptInvitationBody,
  caller: Caller,
  requestId: string | null,
): Promise<void> {
  const pending = await em.findOne(StaffInvitationSchema, liveInvitation(input.token, new Date()));
  if (!pending) throw invitationRefused(ctx, caller, 'no live invitation');
  const sealed = pending.pendingMfaSecret;
  if (!sealed) {
    ctx.log.warn({ userId: pending.userId, ip: caller.ip, reason: 'no key shown' }, 'invitation refused');
    throw new HttpError(409, mfaMessages.notEnrolled, { code: 'mfa_not_enrolled' });
  }
  const step = matchingStep(unsealSecret(ctx, sealed), input.code);
  if (step === null) {
    ctx.log.warn({ userId: pending.userId, ip: caller.ip, reason: 'wrong code' }, 'invitation refused');
    throw new HttpError(400, mfaMessages.invalidCode, {
      code: 'code_invalid',
      errors: { code: mfaMessages.invalidCode },
    });
  }
  const passwordHash = await hashPassword(input.password);
  const userId = await em.transactional(async (tx) => {
    const now = new Date();
    const { invitation, user } = await lockInvitation(tx, ctx, input.token, caller, now);
    Object.assign(invitation, { acceptedAt: now, pendingMfaSecret: null });
    await tx.nativeUpdate(
      StaffInvitationSchema,
      { userId: user.id, acceptedAt: null, revokedAt: null, id: { $ne: invitation.id } },
      { revokedAt: now, pendingMfaSecret: null },
    );
    Object.assign(user, {
      passwordHash,
      failedLoginCount: 0,
      loginBlockedUntil: null,
      locked: false,
      updatedAt: now,
    });
    enrolSecondFactor(tx, user, sealed, step, now, requestId);
    // the link reached the person at this address (T23)
    markEmailProved(user, now);
    recordAudit(tx, { userId: user.id, role: user.role, ip: caller.ip }, requestId, {
      action: 'accept-invitation',
      resource: staff.resource,
      resourceId: user.id,
      subjectId: user.id,
    });
    return user.id;
  });
  ctx.log.info({ userId, ip: caller.ip }, 'staff invitation accepted; password and second factor set');
}
