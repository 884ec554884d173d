import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';

/** What the shop asks Tullab for: an ID token that says whether the shopper is a verified student, and until when. */
export const SCOPE = 'openid student';

/** Where Tullab sends the student back to: register exactly this address as your app's redirect URI. */
export const CALLBACK_PATH = '/tullab/callback';

/** How long the shop waits for Tullab's checkout API before it gives up on a call. */
const API_TIMEOUT_MS = 10_000;

/** Tullab's checkout API refused a call: its status and its JSON `{ message, code }`. */
export class TullabApiError extends Error {
  constructor(status, body) {
    super(
      `Tullab answered ${status}: ${body?.message ?? 'no message'}${body?.code ? ` (${body.code})` : ''}`,
    );
    this.name = 'TullabApiError';
    this.status = status;
    this.code = body?.code ?? null;
  }
}

/**
 * Everything the shop's server says to Tullab: the OpenID Connect flow (with `openid-client`, a certified client:
 * nothing Tullab-specific but the `offer` parameter) and the checkout API (redeem the redemption token, report the
 * order), both with the app's client id and secret.
 *
 * @param {import('./config.mjs').StoreConfig} config
 */
export function tullabClient(config) {
  /** @type {Promise<oidc.Configuration> | null} */
  let discovered = null;

  /**
   * Tullab's provider, found at its discovery document once and kept (its endpoints and keys do not change between
   * checkouts); a discovery that failed (Tullab unreachable) is tried again at the next checkout.
   */
  const provider = () => {
    discovered ??= oidc
      .discovery(
        new URL(config.tullabUrl),
        config.clientId,
        config.clientSecret,
        undefined,
        // openid-client talks to an issuer over https only, as it should. Plain http is for a Tullab running on this
        // computer (`npm start` answers at http://localhost:8080), so it is allowed then, and only then.
        config.tullabUrl.startsWith('http://') ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };

  const basic = `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`;

  /** A call of Tullab's checkout API (`/api/connect/…`) with the app's credentials as HTTP Basic. */
  async function callCheckoutApi(path, body, headers = {}) {
    const response = await fetch(`${config.tullabUrl}/api/connect/${path}`, {
      method: 'POST',
      headers: { Authorization: basic, 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    const answer = await response.json().catch(() => null);
    if (!response.ok) throw new TullabApiError(response.status, answer);
    return answer;
  }

  return {
    /**
     * A new authorization request: the address to send the shopper to, and the checks to keep in their session until
     * they come back (the PKCE verifier, `state` and `nonce`; never sent to the browser).
     */
    async start() {
      const checks = {
        verifier: oidc.randomPKCECodeVerifier(),
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
      };
      const url = oidc.buildAuthorizationUrl(await provider(), {
        redirect_uri: `${config.storeUrl}${CALLBACK_PATH}`,
        scope: SCOPE,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.verifier),
        code_challenge_method: 'S256',
        state: checks.state,
        nonce: checks.nonce,
        // Tullab's own parameter: a verified student's ID token then carries a redemption token for this offer
        offer: config.offerId,
      });
      return { url, checks };
    },

    /**
     * The shopper is back at the callback (`currentUrl`, with its `code`, `state` and `iss`): the code is exchanged
     * for tokens with the checks kept at the start, the ID token is verified (signature, issuer, audience, nonce) and
     * its claims answered. A student who declined came back with `error=access_denied`: openid-client throws it as an
     * AuthorizationResponseError.
     *
     * @param {URL} currentUrl
     * @param {{ verifier: string, state: string, nonce: string }} checks
     */
    async finish(currentUrl, checks) {
      const tokens = await oidc.authorizationCodeGrant(await provider(), currentUrl, {
        pkceCodeVerifier: checks.verifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      return tokens.claims();
    },

    /**
     * Redeems the ID token's single-use redemption token, from the server (it needs the client secret). The
     * `Idempotency-Key` is made from the token, so a call repeated after a time-out answers the same redemption
     * instead of "already redeemed".
     *
     * @param {string} token
     * @returns {Promise<{ id: string, offerId: string, mode: 'test' | 'live', redeemedAt: string }>}
     */
    redeem(token) {
      const key = `redeem-${createHash('sha256').update(token).digest('hex')}`;
      return callCheckoutApi('redemptions', { token }, { 'Idempotency-Key': key });
    },

    /**
     * Reports the order a redemption brought: its reference and amount in AED. The same report again is safe (Tullab
     * answers the order it has), so a shop retries a report that failed with the same figures.
     *
     * @param {{ redemptionId: string, reference: string, amount: number }} order
     * @returns {Promise<{ id: string, redemptionId: string, reference: string, amount: number, reportedAt: string }>}
     */
    reportOrder({ redemptionId, reference, amount }) {
      return callCheckoutApi('orders', { redemptionId, reference, amount, currency: 'AED' });
    },
  };
}

/** Whether the flow ended because the student declined at Tullab (OAuth's `access_denied`). */
export const isDeclined = (error) =>
  error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied';
