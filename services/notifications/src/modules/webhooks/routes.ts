import { brandWebhooks } from '@tullab/contracts';
import { bindRoute, brandOf, requestIdOf } from '@tullab/http';
import { Router, type Request } from 'express';
import type { NotificationsContext } from '../../context';
import { listDeliveries, resendDelivery } from './delivery-log';
import { getWebhook, putWebhook, removeWebhook, rotateWebhookSecret, type WebhookChanger } from './endpoints';

/** A brand's apps' webhooks and their delivery log (issue 30 point 5), for its merchants only; changes audited. */
export function webhookRoutes(ctx: NotificationsContext): Router {
  const { em, webhookKey, webhooks } = ctx;
  const { routes } = brandWebhooks;
  const router = Router();
  const by = (req: Request): WebhookChanger => ({
    brandId: brandOf(req),
    actor: req.identity,
    requestId: requestIdOf(req),
  });
  bindRoute(router, routes.get, ({ params }, req) => getWebhook(em, brandOf(req), params.id));
  bindRoute(router, routes.put, ({ params, body }, req) =>
    putWebhook(em, webhookKey, by(req), params.id, body),
  );
  bindRoute(router, routes.rotateSecret, ({ params }, req) =>
    rotateWebhookSecret(em, webhookKey, by(req), params.id),
  );
  bindRoute(router, routes.remove, ({ params }, req) => removeWebhook(em, by(req), params.id));
  bindRoute(router, routes.deliveries, ({ params }, req) => listDeliveries(em, brandOf(req), params.id));
  bindRoute(router, routes.resend, ({ params }, req) =>
    resendDelivery(em, webhooks, brandOf(req), params.id, params.deliveryId),
  );
  return router;
}
