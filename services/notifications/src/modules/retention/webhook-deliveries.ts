import { createHash } from 'node:crypto';
import { webhookDeliveriesRetention } from '@tullab/contracts';
import { rows } from '@tullab/db';
import { recordSystemAudit } from '@tullab/audit-log';
import type { RetentionPolicy } from '@tullab/retention';
import { WebhookDeliverySchema } from '../webhooks/entities';

const MESSAGE_ID = /^msg_([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/i;

/**
 * The audit log's id of a delivery (its `resource_id` is a UUID): a `webhook-id` is `msg_` and a UUID's 32 hex digits,
 * so those digits; anything else, a UUID made from its SHA-256. The `webhook-id` itself is in the row's `changes`.
 */
export function deliveryResourceId(id: string): string {
  const own = MESSAGE_ID.exec(id);
  if (own) return own.slice(1).join('-').toLowerCase();
  const hex = createHash('sha256').update(`webhook-delivery:${id}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const parts = [hex.slice(0, 8), hex.slice(8, 12), `5${hex.slice(13, 16)}`, variant + hex.slice(17, 20)];
  return [...parts, hex.slice(20, 32)].join('-');
}

/**
 * Brands' webhook deliveries (issue 30 point 5, decision 010): `WEBHOOK_DELIVERY_RETENTION_DAYS` after a delivery
 * was delivered or failed, it is deleted with its attempts (the foreign key cascades). The period counts from its last
 * activity: the latest of when it was delivered (`delivered_at`), its last attempt and when it was made. A failed
 * delivery's last attempt is when it failed (it has no `updated_at`; one that failed without a try, its webhook
 * removed, failed at its first try, just after it was made); and a delivered one a brand sent again later keeps that
 * resend's log for the whole period, not only until `delivered_at` runs out. A pending delivery is still being tried
 * (or resent) and stays whatever its age.
 */
export function webhookDeliveryRetention(days: number): RetentionPolicy {
  return {
    id: 'webhook-deliveries',
    routes: webhookDeliveriesRetention,
    title: 'Webhook deliveries',
    description:
      'An event sent to a brand’s webhook is deleted with its log of attempts once it was delivered or failed. Deliveries still being tried stay.',
    days,
    since: 'after delivery or the last attempt',
    removeBatch: (em, batch) =>
      em.transactional(async (tx) => {
        // created_at first: it is never later than the last activity, and the partial index serves it
        const due = await rows<{ id: string; status: string }>(
          tx,
          `select id, status from webhook_delivery
            where status <> 'pending' and created_at <= ?
              and greatest(delivered_at, created_at, (select max(attempted_at) from webhook_attempt
                where webhook_attempt.delivery_id = webhook_delivery.id)) <= ?
            order by created_at, id limit ? for update skip locked`,
          [batch.cutoff, batch.cutoff, batch.limit],
        );
        if (!due.length) return 0;
        await tx.nativeDelete(WebhookDeliverySchema, {
          id: { $in: due.map((row) => row.id) },
          status: { $ne: 'pending' },
        });
        for (const { id, status } of due)
          recordSystemAudit(tx, batch.requestId, {
            action: 'delete-webhook-delivery',
            resource: 'webhook-deliveries',
            resourceId: deliveryResourceId(id),
            fromStatus: status,
            reason: batch.reason,
            changes: { webhookId: { from: id, to: null } },
          });
        return due.length;
      }),
  };
}
