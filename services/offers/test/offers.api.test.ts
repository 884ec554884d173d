import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import request from 'supertest';
import { broadcastChannel } from '@tullab/broadcasts';
import { spec } from '../src';
import { activeStudent, as, createOffer, PNG, staff, startOffers, waitFor, type TestOffers } from './helpers';

let offers: TestOffers;
const api = () => request(offers.url);

beforeAll(async () => {
  offers = await startOffers();
});

afterAll(async () => {
  await offers?.close();
});

describe('offers service', () => {
  test('is ready once its schema is migrated and Redis and object storage answer', async () => {
    const res = await api().get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body.checks).toEqual({ postgres: 'ok', redis: 'ok', objectStorage: 'ok' });
  });

  test('refuses calls without the signed identity header', async () => {
    expect((await api().get('/offers')).status).toBe(401);
  });

  test('answers a signed call to an unknown path with a JSON 404', async () => {
    const res = await api().get('/anything').set(as(null));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found', code: 'not_found' });
  });
});

describe('GET /offers', () => {
  test('lists live, unexpired offers with the fields of their cards, most popular first', async () => {
    const live = await createOffer(offers, { brandName: 'Listed Brand', code: 'SECRET-LISTED' });
    await offers.sql('update offer set current_uses = 7 where id = ?', [live.id]);
    const draft = await createOffer(offers, { status: 'draft', code: 'SECRET-DRAFT' });
    const expired = await createOffer(offers, { expiresAt: new Date(Date.now() - 60_000).toISOString() });
    const res = await api().get('/offers').set(as(null));
    expect(res.status).toBe(200);
    const ids = res.body.map((offer: { id: string }) => offer.id);
    expect(ids).toContain(live.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(expired.id);
    expect(res.body[0].currentUses).toBeGreaterThanOrEqual(7);
    expect(res.body.find((offer: { id: string }) => offer.id === live.id)).toEqual({
      id: live.id,
      title: '20% off everything',
      titleAr: null,
      brandName: 'Listed Brand',
      businessName: 'Listed Brand',
      logoUrl: null,
      businessDescription: 'A brand that exists only in tests.',
      description: 'Everything in store.',
      descriptionAr: null,
      businessCategory: 'fashion',
      offerType: 'discount',
      discountType: 'percentage',
      discountValue: 20,
      expiresAt: null,
      createdAt: expect.any(String),
      currentUses: 7,
    });
  });

  test('never carries a code, a code pool or a referral link, whoever asks', async () => {
    const referral = await createOffer(offers, {
      offerType: 'referral',
      referralLink: 'https://partner.example/secret-referral',
    });
    const pooled = await createOffer(offers, { code: 'OWN-SECRET-CODE' });
    await request(offers.url)
      .post(`/admin/offers/${pooled.id}/codes`)
      .set(staff())
      .send({ csv: 'POOL-SECRET-1\nPOOL-SECRET-2' });
    for (const caller of [as(null), as('student', { verificationStatus: 'pending' }), activeStudent()]) {
      const res = await api().get('/offers').set(caller);
      expect(res.status).toBe(200);
      expect(res.text).not.toMatch(/SECRET|secret-referral/);
      const listed = res.body.find((offer: { id: string }) => offer.id === referral.id);
      expect(listed).not.toHaveProperty('referralLink');
      expect(listed).not.toHaveProperty('code');
    }
  });

  test('answers 304 to a matching If-None-Match, and a new ETag once an offer changes', async () => {
    const first = await api().get('/offers').set(as(null));
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const again = await api().get('/offers').set(as(null)).set('If-None-Match', first.headers.etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');

    const offer = await createOffer(offers, { brandName: 'Fresh Brand' });
    const changed = await api().get('/offers').set(as(null)).set('If-None-Match', first.headers.etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(changed.body.map((o: { id: string }) => o.id)).toContain(offer.id);

    await api().post(`/admin/offers/${offer.id}/pause`).set(staff()).expect(200);
    const paused = await api().get('/offers').set(as(null));
    expect(paused.body.map((o: { id: string }) => o.id)).not.toContain(offer.id);
  });

  test('is served from memory, and a change made elsewhere (the worker, another replica) reaches it through the table notification', async () => {
    const listener = `offer_catalogue:${offers.config.DB_SCHEMA}`;
    await waitFor(
      async () =>
        (await offers.sql('select 1 from pg_stat_activity where application_name = ?', [listener])).length,
    );
    const broadcasts: string[] = [];
    const subscriber = new Redis(offers.config.REDIS_URL);
    subscriber.on('message', (_channel: string, message: string) => broadcasts.push(message));
    await subscriber.subscribe(broadcastChannel(offers.config.QUEUE_PREFIX, 'catalogue'));
    const offer = await createOffer(offers);
    const before = await api().get('/offers').set(as(null));
    // the gateway may keep this page until then (decision 005): at most a minute
    const keptUntil = Number(before.headers['x-tullab-catalogue-kept-until']);
    expect(keptUntil).toBeGreaterThan(Date.now());
    expect(keptUntil).toBeLessThanOrEqual(Date.now() + 60_000);

    // without the announcement the cached page stays as it was: it really is cached
    await offers.sql('alter table offer disable trigger offer_catalogue_changed');
    await offers.sql('update offer set current_uses = 4241 where id = ?', [offer.id]);
    await offers.sql('alter table offer enable trigger offer_catalogue_changed');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const cached = await api().get('/offers').set(as(null));
    expect(cached.headers.etag).toBe(before.headers.etag);

    await offers.sql('update offer set current_uses = 4242 where id = ?', [offer.id]);
    const after = await waitFor(async () => {
      const res = await api().get('/offers').set(as(null));
      return res.body.find((o: { id: string }) => o.id === offer.id)?.currentUses === 4242 && res;
    }, 5000);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // and the gateways were told to drop their copies
    await waitFor(async () => broadcasts.length > 0);
    subscriber.disconnect();
  });

  test('an offer leaves the list the second it expires, and the expiry task marks it expired', async () => {
    const offer = await createOffer(offers, { expiresAt: new Date(Date.now() + 1500).toISOString() });
    const listed = async () =>
      (await api().get('/offers').set(as(null))).body.some((o: { id: string }) => o.id === offer.id);
    expect(await listed()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(await listed()).toBe(false);
    const [task] = spec.schedules!(offers.service.deps);
    expect(task.name).toBe('expire-offers');
    await task.run(offers.service.deps.log);
    const [row] = await offers.sql<{ status: string }>('select status from offer where id = ?', [offer.id]);
    expect(row.status).toBe('expired');
  });
});

describe('GET /offers/:id/logo', () => {
  test('serves the logo with a year of caching under its versioned URL', async () => {
    const offer = await createOffer(offers);
    const upload = await api()
      .post(`/admin/offers/${offer.id}/logo`)
      .set(staff())
      .attach('logoFile', PNG, 'brand.png');
    expect(upload.status).toBe(200);
    expect(upload.body.logoUrl).toBe(`/api/offers/${offer.id}/logo?v=1`);
    const res = await api().get(`/offers/${offer.id}/logo?v=1`).set(as(null));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(res.body as Buffer, PNG)).toBe(0);
    const listed = (await api().get('/offers').set(as(null))).body.find(
      (o: { id: string }) => o.id === offer.id,
    );
    expect(listed.logoUrl).toBe(`/api/offers/${offer.id}/logo?v=1`);
  });

  test('a draft, paused or expired offer shows its logo to staff only (private, never cached); everyone else → 404', async () => {
    const withLogo = async (fields: Record<string, unknown> = {}) => {
      const offer = await createOffer(offers, fields);
      await api()
        .post(`/admin/offers/${offer.id}/logo`)
        .set(staff())
        .attach('logoFile', PNG, 'brand.png')
        .expect(200);
      return offer;
    };
    const draft = await withLogo({ status: 'draft' });
    const paused = await withLogo();
    await api().post(`/admin/offers/${paused.id}/pause`).set(staff()).expect(200);
    const expired = await withLogo();
    await offers.sql("update offer set expires_at = now() - interval '1 second' where id = ?", [expired.id]);
    for (const { id } of [draft, paused, expired]) {
      for (const caller of [as(null), as('student', { verificationStatus: 'pending' }), activeStudent()]) {
        const refused = await api().get(`/offers/${id}/logo?v=1`).set(caller);
        expect(refused.status).toBe(404);
        expect(refused.body).toEqual({ message: 'Logo not found', code: 'not_found' });
      }
      for (const caller of [staff(), as('admin')]) {
        const shown = await api().get(`/offers/${id}/logo?v=1`).set(caller);
        expect(shown.status).toBe(200);
        expect(shown.headers['cache-control']).toBe('private, no-store');
        expect(Buffer.compare(shown.body as Buffer, PNG)).toBe(0);
      }
    }
    // resumed, it is public again, with its long caching
    await api().post(`/admin/offers/${paused.id}/resume`).set(staff()).expect(200);
    const resumed = await api().get(`/offers/${paused.id}/logo?v=1`).set(as(null));
    expect(resumed.status).toBe(200);
    expect(resumed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('an offer without a logo, or an unknown one → 404', async () => {
    const offer = await createOffer(offers);
    expect((await api().get(`/offers/${offer.id}/logo`).set(as(null))).status).toBe(404);
    expect((await api().get('/offers/not-an-id/logo').set(as(null))).status).toBe(404);
  });
});

describe('GET /offers/:id (decision 007)', () => {
  test('a listed offer with the texts of its modal, to anyone', async () => {
    const live = await createOffer(offers, {
      brandName: 'Opened Brand',
      code: 'SECRET-OPENED',
      websiteLink: 'https://opened.example',
      generalInfo: 'Open every day.',
    });
    for (const caller of [as(null), as('student', { verificationStatus: 'pending' }), activeStudent()]) {
      const res = await api().get(`/offers/${live.id}`).set(caller);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: live.id,
        title: '20% off everything',
        titleAr: null,
        brandName: 'Opened Brand',
        businessName: 'Opened Brand',
        logoUrl: null,
        businessDescription: 'A brand that exists only in tests.',
        description: 'Everything in store.',
        descriptionAr: null,
        businessCategory: 'fashion',
        offerType: 'discount',
        discountType: 'percentage',
        discountValue: 20,
        expiresAt: null,
        createdAt: expect.any(String),
        currentUses: 0,
        websiteLink: 'https://opened.example',
        discountRedemptionGuide: [
          { step: 1, instruction: 'Copy the code' },
          { step: 2, instruction: 'Paste it at checkout' },
        ],
        discountRedemptionGuideAr: null,
        termsAndConditions: 'Verified students only; one use each.',
        termsAndConditionsAr: null,
        generalInfo: 'Open every day.',
      });
      expect(res.text).not.toMatch(/SECRET/);
    }
  });

  test('an offer that is not listed (draft, paused, expired, unknown, not an id) → 404', async () => {
    const draft = await createOffer(offers, { status: 'draft' });
    const paused = await createOffer(offers);
    await api().post(`/admin/offers/${paused.id}/pause`).set(staff()).expect(200);
    const expired = await createOffer(offers, { expiresAt: new Date(Date.now() - 60_000).toISOString() });
    for (const id of [draft.id, paused.id, expired.id, randomUUID(), 'not-an-id']) {
      const res = await api().get(`/offers/${id}`).set(as(null));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Offer not found', code: 'not_found' });
    }
  });
});
