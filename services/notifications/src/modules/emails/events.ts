import { UnrecoverableError } from 'bullmq';
import type { EntityManager } from '@mikro-orm/core';
import { rows } from '@tullab/db';
import type { Handler } from '@tullab/events';
import { SealedValuesError, TemplateInputError, checkEmailRequest, recordEmail } from './service';

export interface EmailRequestedOptions {
  internalSecret: string;
  /** called once the transaction that recorded the mail committed (the dispatcher sends it at once) */
  onRecorded: () => void;
}

/** Whether the contact message this mail carries to support was erased before the mail was recorded (decision 009). */
async function carriesErasedMessage(em: EntityManager, emailId: string): Promise<boolean> {
  const found = await rows(em, `select 1 from contact_message where email_id = ? and email = ''`, [emailId]);
  return found.length > 0;
}

/** Whether the account was erased here already (decision 009): each erasure is audited with it as the resource. */
async function wasErased(em: EntityManager, userId: string | undefined): Promise<boolean> {
  if (!userId) return false;
  const found = await rows(
    em,
    `select 1 from audit_log where resource = 'students' and resource_id = ? and action = 'erase-personal-data'
      limit 1`,
    [userId],
  );
  return found.length > 0;
}

/**
 * `email.requested` → an `email` row, pending and due now, in the consumer's transaction (which also records the
 * event id, so the same event twice gives one row and one mail). A payload whose template data or sealed values do
 * not fit can never be sent: the job fails without retry. A mail that comes after its person's erasure (the copy of
 * an erased contact message, a mail to an erased account, a staff alert naming an erased student: the events travel
 * apart) is recorded already expired, without their data, and never sent (T23).
 */
export function onEmailRequested(options: EmailRequestedOptions): Handler<'email.requested'> {
  return async (payload, { em, envelope, log }) => {
    try {
      checkEmailRequest(payload, options.internalSecret);
    } catch (err) {
      if (err instanceof TemplateInputError || err instanceof SealedValuesError) {
        throw new UnrecoverableError(`${payload.template}: ${err.message}`);
      }
      throw err;
    }
    const email = recordEmail(em, envelope.id, payload);
    // the dispatcher's lines about the mail carry the id of the request that asked for it
    email.requestId = envelope.requestId;
    const toErased = await wasErased(em, payload.userId);
    const erased =
      toErased ||
      (await wasErased(em, payload.aboutUserId)) ||
      (payload.template === 'contact-message' && (await carriesErasedMessage(em, envelope.id)));
    if (erased) {
      Object.assign(email, {
        data: {},
        replyTo: null,
        sealed: null,
        status: 'expired',
        bodyErasedAt: new Date(),
      });
      // mail to the erased person loses its address too; the team inbox stays the recipient of a notice about them
      if (toErased) email.recipient = '';
      log.info(
        { emailId: envelope.id, template: payload.template },
        'email of erased personal data recorded expired',
      );
      return;
    }
    em.getEventManager().registerSubscriber({ afterTransactionCommit: async () => options.onRecorded() });
    log.info({ emailId: envelope.id, template: payload.template }, 'email recorded');
  };
}
