import type { Request } from 'express';
import { Router } from 'express';
import { connectCheckout, IDEMPOTENCY_KEY_HEADER, idempotencyKey } from '@tullab/contracts';
import { bindRoute, brandAppOf, HttpError, requestIdOf, SENT } from '@tullab/http';
import type { OffersContext } from '../../context';
import { reportCheckoutOrder } from './orders';
import { redeemCheckoutToken } from './redeem';

/** The call's `Idempotency-Key`, if it sent one; a malformed one is a 400 naming the header. */
function idempotencyKeyOf(req: Request): string | null {
  const value = req.get(IDEMPOTENCY_KEY_HEADER);
  if (value === undefined) return null;
  const parsed = idempotencyKey.safeParse(value);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]!.message;
  throw new HttpError(400, message, { errors: { [IDEMPOTENCY_KEY_HEADER]: message } });
}

/**
 * A brand's server at its checkout (issue 30 points 3 and 4), authenticated by the gateway with its app's
 * credentials: redemptions (201 new, 200 the same again) and the orders they brought.
 */
export function checkoutRoutes(ctx: OffersContext): Router {
  const router = Router();
  const { routes } = connectCheckout;
  bindRoute(router, routes.redeem, async ({ body }, req, res) => {
    const key = idempotencyKeyOf(req);
    const { status, answer } = await redeemCheckoutToken(
      ctx,
      brandAppOf(req),
      body.token,
      key,
      requestIdOf(req),
    );
    res.status(status).json(answer);
    return SENT;
  });
  bindRoute(router, routes.reportOrder, async ({ body }, req, res) => {
    const { status, answer } = await reportCheckoutOrder(ctx, brandAppOf(req), body);
    res.status(status).json(answer);
    return SENT;
  });
  return router;
}
