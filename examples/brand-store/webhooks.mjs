import express from 'express';
import { Webhook } from 'standardwebhooks';

/** How many received events the shop keeps in memory for GET /webhooks/log. */
const KEPT = 100;

/**
 * @typedef {object} ReceivedEvent
 * @property {string} id the `webhook-id`: the same event delivered twice has the same one
 * @property {string} type e.g. `student.verified`, `redemption.created`, `verification.expired`
 * @property {string} timestamp when Tullab made the event
 * @property {unknown} data what it is about
 * @property {string} receivedAt when this shop received it
 */

/**
 * Tullab's webhooks (Standard Webhooks, https://www.standardwebhooks.com): `POST /webhooks` checks each delivery's
 * signature with the secret the portal showed for the app's webhook (`webhook-id`, `webhook-timestamp` and
 * `webhook-signature` over the exact bytes of the body, and a timestamp at most five minutes off) before believing a
 * word of it; anything else is 400 and Tullab delivers it again later. An event delivered twice is kept once.
 *
 * `GET /webhooks/log` lists what arrived, as JSON, for you while you build your integration (and for this
 * repository's journey). A real shop acts on the events instead, and does not publish them.
 *
 * @param {string | null} secret the webhook's signing secret (`whsec_…`), or null: then every delivery is refused
 * @param {Pick<Console, 'warn' | 'info'>} log
 */
export function webhookRoutes(secret, log) {
  const webhook = secret ? new Webhook(secret) : null;
  /** @type {ReceivedEvent[]} */
  const received = [];
  const router = express.Router();

  // the body as bytes, whatever its type: the signature is over exactly what was sent, not over parsed JSON
  router.post('/', express.raw({ type: () => true, limit: '1mb' }), (req, res) => {
    if (!webhook) {
      log.warn('a webhook arrived, but WEBHOOK_SECRET is not set: it cannot be checked, so it is refused');
      res.status(503).json({ message: 'This shop has no webhook secret set' });
      return;
    }
    let event;
    try {
      event = /** @type {{ type: string, timestamp: string, data: unknown }} */ (
        webhook.verify(req.body ?? Buffer.alloc(0), /** @type {Record<string, string>} */ (req.headers))
      );
    } catch (error) {
      log.warn(`a webhook was refused: ${error instanceof Error ? error.message : error}`);
      res.status(400).json({ message: 'The webhook signature does not verify' });
      return;
    }
    const id = String(req.get('webhook-id'));
    if (!received.some((known) => known.id === id)) {
      received.push({
        id,
        type: event.type,
        timestamp: event.timestamp,
        data: event.data,
        receivedAt: new Date().toISOString(),
      });
      if (received.length > KEPT) received.shift();
      log.info(`webhook ${event.type} (${id}) received`);
    }
    res.status(204).end();
  });

  router.get('/log', (_req, res) => {
    res.json(received);
  });

  return router;
}
