import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from './config.mjs';

const complete = {
  TULLAB_URL: 'http://localhost:8080',
  TULLAB_CLIENT_ID: '6f1c1a43-93b5-4b0e-9a57-0d3f8f6e2a10',
  TULLAB_CLIENT_SECRET: 'a-secret',
  TULLAB_OFFER_ID: '0b8f4c2e-5d1a-4f3b-8c9e-7a6d5e4f3c2b',
};

describe('loadConfig', () => {
  test('a complete environment: the shop is at http://localhost:PORT (3000 unset), webhooks refused without a secret', () => {
    assert.deepEqual(loadConfig(complete), {
      tullabUrl: 'http://localhost:8080',
      clientId: complete.TULLAB_CLIENT_ID,
      clientSecret: 'a-secret',
      offerId: complete.TULLAB_OFFER_ID,
      port: 3000,
      storeUrl: 'http://localhost:3000',
      webhookSecret: null,
    });
    const set = loadConfig({
      ...complete,
      TULLAB_URL: 'https://tullab.ae/',
      PORT: '4100',
      STORE_URL: 'https://shop.example',
      WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    });
    assert.equal(set.tullabUrl, 'https://tullab.ae');
    assert.equal(set.port, 4100);
    assert.equal(set.storeUrl, 'https://shop.example');
    assert.equal(set.webhookSecret, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
  });

  test('every missing or wrong variable is named at once, and a secret is never repeated', () => {
    const error = (() => {
      try {
        loadConfig({
          TULLAB_URL: 'ftp://tullab.ae',
          TULLAB_CLIENT_SECRET: ' ',
          TULLAB_OFFER_ID: 'the-trainers',
          PORT: '70000',
          WEBHOOK_SECRET: 'not base64!',
        });
      } catch (caught) {
        return caught;
      }
    })();
    assert.ok(error instanceof ConfigError);
    assert.deepEqual(
      error.problems.map((problem) => problem.split(':')[0]),
      [
        'TULLAB_URL is "ftp',
        'TULLAB_CLIENT_ID is missing',
        'TULLAB_CLIENT_SECRET is missing',
        'TULLAB_OFFER_ID is "the-trainers"',
        'PORT is "70000"',
        'WEBHOOK_SECRET is not right',
      ],
    );
    assert.doesNotMatch(error.message, /not base64!/);
  });
});
