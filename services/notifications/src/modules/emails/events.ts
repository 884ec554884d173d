import { UnrecoverableError } from 'bullmq';
import type { Handler } from '@tullab/events';
import { SealedValuesError, TemplateInputError, checkEmailRequest, recordEmail } from './service';

export interface EmailRequestedOptions {
  internalSecret: string;
  /** called once the transaction that recorded the mail committed (the dispatcher sends it at once) */
  onRecorded: () => void;
}

/**
 * `email.requested` → an `email` row, pending and due now, in the consumer's transaction (which also records the
 * event id, so the same event twice gives one row and one mail). A payload whose template data or sealed values do
 * not fit can never be sent: the job fails without retry.
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
    recordEmail(em, envelope.id, payload);
    em.getEventManager().registerSubscriber({ afterTransactionCommit: async () => options.onRecorded() });
    log.info({ emailId: envelope.id, template: payload.template }, 'email recorded');
  };
}
