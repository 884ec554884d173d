import { randomBytes } from 'node:crypto';
import express from 'express';
import {
  checkoutPage,
  confirmationPage,
  problemPage,
  productPage,
  PRODUCT,
  STUDENT_PRICE_FILS,
} from './pages.mjs';
import { sessions } from './session.mjs';
import { CALLBACK_PATH, isDeclined, tullabClient } from './tullab.mjs';
import { webhookRoutes } from './webhooks.mjs';

/**
 * @typedef {object} Order
 * @property {string} reference the shop's own reference, reported to Tullab
 * @property {number} amountFils what the shopper paid
 * @property {boolean} studentPrice whether the student price applied (then the order is reported to Tullab)
 * @property {string | null} redemptionId the Tullab redemption it was reported for
 * @property {string | null} tullabOrderId Tullab's id of the reported order, once reported
 */

/**
 * The shop: a product page with the "Verify with Tullab" button, the two ends of the flow on its server
 * (`/tullab/start`, `/tullab/callback`), a checkout that applies the student price for a verified student, orders
 * reported to Tullab, and Tullab's webhooks. Everything it keeps is in memory, for the length of a run.
 *
 * @param {import('./config.mjs').StoreConfig} config from loadConfig (config.mjs)
 * @param {{ log?: Pick<Console, 'info' | 'warn' | 'error'> }} [options]
 * @returns {import('express').Express}
 */
export function createStore(config, { log = console } = {}) {
  const tullab = tullabClient(config);
  /** @type {Map<string, Order>} */
  const orders = new Map();

  const app = express();
  app.disable('x-powered-by');

  // Tullab's servers call this, not a shopper's browser: no session
  app.use('/webhooks', webhookRoutes(config.webhookSecret, log));

  app.use(sessions({ secure: config.storeUrl.startsWith('https://') }));

  app.get('/', (_req, res) => {
    res.type('html').send(productPage({ tullabUrl: config.tullabUrl }));
  });

  // The button opens this in a popup (on a phone, in the page itself): new checks, kept in the session, and off to
  // Tullab. It must answer a redirect, and no Cross-Origin-Opener-Policy.
  app.get('/tullab/start', async (req, res) => {
    const { url, checks } = await tullab.start();
    req.session.flow = checks;
    res.redirect(303, url.href);
  });

  // Tullab sends the student back here. The popup is watched by the button on the shop's page: as soon as it is on
  // the shop's origin again the button closes it and takes the page to where the popup is. So this finishes the
  // sign-in and redirects (it renders nothing: its address holds a single-use code).
  app.get(CALLBACK_PATH, async (req, res) => {
    const checks = req.session.flow;
    delete req.session.flow;
    req.session.verification = checks
      ? await verify(new URL(req.originalUrl, config.storeUrl), checks)
      : { status: 'failed' };
    res.redirect(303, '/checkout');
  });

  /** What the student's return says: verified (with the offer redeemed), not verified, declined, or failed. */
  async function verify(currentUrl, checks) {
    let claims;
    try {
      claims = await tullab.finish(currentUrl, checks);
    } catch (error) {
      if (isDeclined(error)) return { status: 'declined' };
      log.error(error, 'the Tullab sign-in could not be finished');
      return { status: 'failed' };
    }
    if (claims.student_verified !== true) return { status: 'not_verified' };
    // no token: the offer is not live (paused, ended) or not this brand's
    if (typeof claims.redemption_token !== 'string') return { status: 'unavailable' };
    try {
      const redemption = await tullab.redeem(claims.redemption_token);
      return {
        status: 'verified',
        verifiedUntil: claims.verified_until,
        redemptionId: redemption.id,
        mode: redemption.mode,
      };
    } catch (error) {
      log.error(error, 'the redemption token could not be redeemed');
      return { status: 'failed' };
    }
  }

  app.get('/checkout', (req, res) => {
    res
      .type('html')
      .send(checkoutPage({ tullabUrl: config.tullabUrl, verification: req.session.verification }));
  });

  // "Place order": the student price with a redemption, reported to Tullab; the full price otherwise. (Payment is
  // left out: this is where a shop takes it.)
  app.post('/orders', async (req, res) => {
    const verification = req.session.verification;
    const studentPrice = verification?.status === 'verified';
    /** @type {Order} */
    const order = {
      reference: `SK-${randomBytes(4).toString('hex').toUpperCase()}`,
      amountFils: studentPrice ? STUDENT_PRICE_FILS : PRODUCT.priceFils,
      studentPrice,
      redemptionId: studentPrice ? verification.redemptionId : null,
      tullabOrderId: null,
    };
    if (studentPrice) {
      // a redemption brings one order: the next one needs the student to verify again
      delete req.session.verification;
      try {
        const reported = await tullab.reportOrder({
          redemptionId: order.redemptionId,
          reference: order.reference,
          amount: order.amountFils / 100,
        });
        order.tullabOrderId = reported.id;
      } catch (error) {
        // a real shop queues the report and tries again with the same figures (Tullab answers a repeat with 200)
        log.error(error, `order ${order.reference} could not be reported to Tullab`);
      }
    }
    orders.set(order.reference, order);
    req.session.orders = [...(req.session.orders ?? []), order.reference];
    res.redirect(303, `/orders/${order.reference}`);
  });

  app.get('/orders/:reference', (req, res) => {
    const order = req.session.orders?.includes(req.params.reference) && orders.get(req.params.reference);
    if (!order) {
      res.status(404).type('html').send(problemPage(404, 'There is no such order'));
      return;
    }
    res.type('html').send(confirmationPage(order));
  });

  app.use((_req, res) => {
    res.status(404).type('html').send(problemPage(404, 'There is no such page'));
  });

  // Express tells an error handler by its four parameters
  app.use((error, _req, res, _next) => {
    log.error(error);
    res.status(500).type('html').send(problemPage(500, 'Something went wrong. Please try again.'));
  });

  return app;
}
