import {
  checkoutOrderAnswer,
  checkoutRedemptionAnswer,
  redeemTokenBody,
  reportOrderBody,
} from '../connect/checkout.js';
import { routeGroup } from './route.js';

/** A brand's server at its checkout (issue 30 points 3 and 4), kept by offers: redemptions and the orders they bring. */
export const connectCheckout = routeGroup({
  owner: 'offers',
  tag: 'Checkout',
  description:
    "Issue 30: a brand's server redeems the single-use `redemption_token` of a student's ID token and reports the order it brought. Both authenticate with the brand app's `client_id` and `client_secret` as HTTP Basic (docs/connect.md); a test app's redemptions and orders are kept apart from the funnel.",
  routes: {
    redeem: {
      method: 'post',
      path: '/connect/redemptions',
      summary: 'Redeem a redemption token, once',
      access: 'brandApp',
      body: redeemTokenBody,
      status: 201,
      answer: checkoutRedemptionAnswer,
      refusals: [403, 409, 410, 422],
      description:
        "The token is bound to the brand, the offer and the student, lives 10 minutes and is redeemed once: a forged one is 400 `redemption_invalid`, another brand's 403 `redemption_other_brand`, an expired one 410 `redemption_expired`, a redeemed one 409 `redemption_used`. Send an `Idempotency-Key` header to retry safely: the same key with the same token answers the redemption again (200); the same key with another token is 422 `idempotency_key_reused`. A live app's redemption counts in the offer's funnel as a revealed code does.",
    },
    reportOrder: {
      method: 'post',
      path: '/connect/orders',
      summary: 'Report the order a redemption brought',
      access: 'brandApp',
      body: reportOrderBody,
      status: 201,
      answer: checkoutOrderAnswer,
      refusals: [404, 409],
      description:
        "One order per redemption, in AED. Reporting it again with the same reference and amount answers it again (200); another reference or amount for the same redemption, or a reference the app already reported for another redemption, is 409 `order_conflict`. A redemption of another app is 404. A live app's orders show in the portal's funnel as orders and revenue on the day they are reported.",
    },
  },
});
