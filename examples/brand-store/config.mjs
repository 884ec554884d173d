import { Webhook } from 'standardwebhooks';

/** The shape of a UUID: Tullab's client ids and offer ids are UUIDs. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * @typedef {object} StoreConfig
 * @property {string} tullabUrl Tullab's address (its OpenID Connect issuer), without a trailing slash
 * @property {string} clientId your app's client id (the portal's Apps page)
 * @property {string} clientSecret your app's client secret (shown once, when the app is made or its secret rotated)
 * @property {string} offerId the offer whose student price this shop gives
 * @property {number} port the port the shop listens on
 * @property {string} storeUrl the shop's own public address, without a trailing slash: the redirect URI is on it
 * @property {string | null} webhookSecret the secret Tullab signs webhooks with, or null to refuse webhooks
 */

/** What went wrong with the configuration: every problem, one a line, each naming its variable. */
export class ConfigError extends Error {
  /** @param {string[]} problems */
  constructor(problems) {
    super(`The store's configuration is not right:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** An http(s) address without a path, query or fragment, as its origin; null when it is not one. */
function originOf(value) {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.pathname !== '/' || url.search || url.hash || url.username) return null;
  return url.origin;
}

/**
 * Reads the store's configuration from the environment (or any object of strings, in a test) and checks all of it at
 * once, so that a wrong setting is found at start and not by the first shopper. Throws a ConfigError naming every
 * variable that is missing or wrong.
 *
 * @param {Record<string, string | undefined>} env
 * @returns {StoreConfig}
 */
export function loadConfig(env = process.env) {
  const problems = [];
  const read = (name) => env[name]?.trim() || undefined;
  /** Says what `name` must be: missing, or wrong (showing what it was, unless it is a secret). */
  const refuse = (name, help, { secret = false } = {}) => {
    const value = read(name);
    const what = value === undefined ? 'is missing' : secret ? 'is not right' : `is ${JSON.stringify(value)}`;
    problems.push(`${name} ${what}: ${help}`);
  };

  const tullabUrl = originOf(read('TULLAB_URL') ?? '');
  if (!tullabUrl)
    refuse(
      'TULLAB_URL',
      "Tullab's address, e.g. http://localhost:8080 (npm start) or https://tullab.ae, no path",
    );

  const clientId = read('TULLAB_CLIENT_ID');
  if (!clientId || !UUID.test(clientId))
    refuse('TULLAB_CLIENT_ID', "your app's client id, from the portal's Apps page (/merchant/apps)");

  const clientSecret = read('TULLAB_CLIENT_SECRET');
  if (!clientSecret)
    refuse(
      'TULLAB_CLIENT_SECRET',
      "your app's client secret, shown once when the app was made (rotate it if lost)",
    );

  const offerId = read('TULLAB_OFFER_ID');
  if (!offerId || !UUID.test(offerId))
    refuse(
      'TULLAB_OFFER_ID',
      "your offer's id, the end of its page's address in the portal (/merchant/offers/<id>)",
    );

  const portText = read('PORT') ?? '3000';
  const port = Number(portText);
  const portIsRight = /^\d+$/.test(portText) && port >= 1 && port <= 65535;
  if (!portIsRight) refuse('PORT', 'the port the shop listens on, from 1 to 65535 (3000 when unset)');

  // unset, it is this computer at PORT
  const storeUrl = originOf(read('STORE_URL') ?? `http://localhost:${portText}`);
  if (!storeUrl && (read('STORE_URL') || portIsRight))
    refuse(
      'STORE_URL',
      "the shop's own address as shoppers' browsers reach it, e.g. http://localhost:3000, no path",
    );

  const webhookSecret = read('WEBHOOK_SECRET') ?? null;
  if (webhookSecret) {
    try {
      new Webhook(webhookSecret);
    } catch {
      refuse(
        'WEBHOOK_SECRET',
        "your webhook's signing secret from the portal (it starts with whsec_), or unset",
        {
          secret: true,
        },
      );
    }
  }

  if (problems.length) throw new ConfigError(problems);
  return Object.freeze({ tullabUrl, clientId, clientSecret, offerId, port, storeUrl, webhookSecret });
}
