import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { createStore } from './app.mjs';
import { loadConfig } from './config.mjs';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const quiet = { info() {}, warn() {}, error() {} };

/** The shop on a free port (no Tullab needed: the webhooks never call it). */
async function openStore(webhookSecret) {
  const config = loadConfig({
    TULLAB_URL: 'http://localhost:8080',
    TULLAB_CLIENT_ID: randomUUID(),
    TULLAB_CLIENT_SECRET: 'a-secret',
    TULLAB_OFFER_ID: randomUUID(),
    ...(webhookSecret && { WEBHOOK_SECRET: webhookSecret }),
  });
  const server = createStore(config, { log: quiet }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${server.address().port}` };
}

/** A delivery as Tullab signs it (Standard Webhooks): the headers and the exact body. */
function delivery(event, { id = `msg_${randomUUID()}`, secret = SECRET } = {}) {
  const body = JSON.stringify(event);
  const timestamp = new Date();
  return {
    body,
    headers: {
      'Content-Type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(id, timestamp, body),
    },
  };
}

const event = {
  type: 'redemption.created',
  timestamp: new Date().toISOString(),
  data: { redemptionId: randomUUID(), offerId: randomUUID(), mode: 'test' },
};

describe('POST /webhooks', () => {
  let store;
  before(async () => {
    store = await openStore(SECRET);
  });
  after(() => store.server.close());

  const post = (sent) => fetch(`${store.url}/webhooks`, { method: 'POST', ...sent });
  const log = async () => (await fetch(`${store.url}/webhooks/log`)).json();

  test('a delivery signed with the secret is taken (204) and listed once, even delivered twice', async () => {
    const sent = delivery(event);
    assert.equal((await post(sent)).status, 204);
    assert.equal((await post(sent)).status, 204);
    const listed = await log();
    assert.equal(listed.length, 1);
    assert.deepEqual(
      { id: listed[0].id, type: listed[0].type, data: listed[0].data },
      { id: sent.headers['webhook-id'], type: event.type, data: event.data },
    );
  });

  test('a changed body, another secret or no signature is refused (400) and not listed', async () => {
    const before = (await log()).length;
    const changed = delivery(event);
    changed.body = changed.body.replace('"test"', '"live"');
    const otherSecret = delivery(event, { secret: 'whsec_QW5vdGhlciBzZWNyZXQgb2YgMzIgYnl0ZXMgbG9uZyE=' });
    const { 'webhook-signature': _dropped, ...unsigned } = delivery(event).headers;
    for (const sent of [changed, otherSecret, { body: JSON.stringify(event), headers: unsigned }])
      assert.equal((await post(sent)).status, 400);
    assert.equal((await log()).length, before);
  });
});

test('without WEBHOOK_SECRET every delivery is refused (503): nothing can be checked', async () => {
  const store = await openStore(null);
  try {
    const refused = await fetch(`${store.url}/webhooks`, { method: 'POST', ...delivery(event) });
    assert.equal(refused.status, 503);
    assert.deepEqual(await (await fetch(`${store.url}/webhooks/log`)).json(), []);
  } finally {
    store.server.close();
  }
});
