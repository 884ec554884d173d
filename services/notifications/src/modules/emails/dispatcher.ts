import { AsyncResource } from 'node:async_hooks';
import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { Logger } from '@tullab/log';
import { classifySendError, describeSendError, retryDelayMs, type SendFailure } from './delivery';
import type { Email } from './entities';
import type { Mailer } from './mailer';
import { claimDueEmails, markFailed, markRetry, markSent, nextDueAt, openSealed } from './service';
import { renderEmail, type RenderContext, type RenderedEmail } from './templates';

export interface DispatcherOptions {
  orm: MikroORM;
  mailer: Mailer;
  log: Logger;
  internalSecret: string;
  context: RenderContext;
  /** the longest sleep between two passes when nothing nudges (MAIL_DISPATCH_INTERVAL_MS) */
  intervalMs: number;
  /** mails claimed per pass (MAIL_DISPATCH_BATCH) */
  batchSize: number;
  /** MAIL_CLAIM_LEASE_MS */
  leaseMs: number;
  /** MAIL_RETRY_BASE_MS, MAIL_RETRY_MAX_MS */
  retryBaseMs: number;
  retryMaxMs: number;
  /** counts a failed attempt (`mail_delivery_failures_total`, docs/metrics.md) */
  countFailure(kind: SendFailure): void;
}

export interface Dispatcher {
  /** starts sending (background work, once the consumer runs); until then nudges do nothing */
  start(): void;
  /** look for due mail now (after the consumer committed a new one); cheap, and safe to call any time */
  nudge(): void;
  /** runs a pass now (or waits for the running one plus one more); resolves when it is done */
  runOnce(): Promise<void>;
  /** stops polling, lets the mails being sent finish, then closes the SMTP transport */
  stop(): Promise<void>;
}

const MIN_SLEEP_MS = 100;

/**
 * Sends recorded mail ("An SMTP outage delays mail; it never loses it"). Each pass claims due rows, renders them with
 * the unsealed secrets in the recipient's language (kept on the row), sends them and records the outcome: sent
 * (secret dropped) · temporary failure (retried with backoff, for as long as the mail has not expired) · permanent
 * failure (SMTP 5xx) · expired (never sent).
 */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { orm, mailer, log } = options;
  /** never the EntityManager of whatever request or transaction happens to nudge us */
  const fork = (): EntityManager => orm.em.fork({ disableContextResolution: true });
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let failing = false;
  let sleepMs = 0;

  const deliver = async (email: Email): Promise<void> => {
    const attempt = email.attempts + 1;
    const fields = { emailId: email.id, template: email.template, attempt, requestId: email.requestId };
    const em = fork();

    let rendered: RenderedEmail;
    try {
      rendered = renderEmail(
        email.template,
        email.data,
        openSealed(options.internalSecret, email.sealed),
        options.context,
        email.language,
      );
    } catch (err) {
      const error = `cannot render: ${(err as Error).message}`;
      await markFailed(em, email.id, attempt, error);
      options.countFailure('permanent');
      log.error({ ...fields, error }, 'email cannot be rendered; failed for good');
      return;
    }

    try {
      await mailer.send({ id: email.id, to: email.recipient, replyTo: email.replyTo, ...rendered });
    } catch (err) {
      const error = describeSendError(err);
      const kind = classifySendError(err);
      options.countFailure(kind);
      if (kind === 'permanent') {
        await markFailed(em, email.id, attempt, error);
        log.error({ ...fields, error }, 'email refused by the SMTP server; failed for good');
      } else {
        const delayMs = retryDelayMs(attempt, options.retryBaseMs, options.retryMaxMs);
        await markRetry(em, email.id, attempt, error, new Date(Date.now() + delayMs));
        log.warn({ ...fields, error, retryInMs: delayMs }, 'email not sent; will retry');
      }
      return;
    }

    try {
      await markSent(em, email.id, attempt);
      log.info(fields, 'email sent');
    } catch (err) {
      // The server has the message; the row stays pending and is sent again after its lease (at-least-once).
      log.error(
        { ...fields, err: (err as Error).message },
        'email sent but not recorded; it may be sent twice',
      );
    }
  };

  /** Claims and sends batches until no due mail is left; a database outage ends the pass (the next one retries). */
  const pass = async (): Promise<void> => {
    try {
      for (;;) {
        const claim = await claimDueEmails(fork(), { limit: options.batchSize, leaseMs: options.leaseMs });
        for (const email of claim.expired) {
          log.info(
            {
              emailId: email.id,
              template: email.template,
              attempt: email.attempts,
              requestId: email.requestId,
            },
            'email expired; not sent',
          );
        }
        await Promise.all(claim.due.map((email) => deliver(email)));
        if (stopped || claim.due.length + claim.expired.length < options.batchSize) break;
      }
      const next = await nextDueAt(fork());
      sleepMs = next ? next.getTime() - Date.now() : options.intervalMs;
      if (failing) log.info('email dispatcher recovered');
      failing = false;
    } catch (err) {
      if (!failing) {
        log.warn(
          { err: (err as Error).message },
          'email dispatcher pass failed; mail waits for the next one',
        );
      }
      failing = true;
      sleepMs = options.intervalMs;
    }
  };

  const schedule = () => {
    clearTimeout(timer);
    if (stopped) return;
    const delay = Math.min(options.intervalMs, Math.max(MIN_SLEEP_MS, sleepMs));
    timer = setTimeout(kick, delay);
  };

  function kick(): Promise<void> {
    if (stopped || !started) return running ?? Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    clearTimeout(timer);
    running = (async () => {
      do {
        again = false;
        await pass();
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
      if (again && !stopped) void kick();
      else schedule();
    });
    return running;
  }

  // A nudge comes from inside the consumer's transaction (its AsyncLocalStorage context); passes must not run, nor
  // schedule their timers, in there, or every later fork would resolve to that finished transaction's EntityManager.
  const detachedKick = AsyncResource.bind(kick);

  return {
    start() {
      started = true;
      void kick();
    },
    nudge: () => void detachedKick(),
    runOnce: detachedKick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      mailer.close();
    },
  };
}
