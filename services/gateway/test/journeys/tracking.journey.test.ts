import { ORIGIN } from '../helpers';
import type { Browser } from './browsers';
import type { OfferRecord } from './offers';
import { offersJourney } from './offers-journey';

const { active, unverified, newBrowser, activeStudent, createOffer, listedUses, drained } = offersJourney();

describe('tracking through the gateway', () => {
  test("a student counts once a day and once in currentUses however often they copy and click; an unverified account's copy is a student's, not a use; the body cannot name another student (S29)", async () => {
    const offer = await createOffer({ code: 'ONCE20' });
    const other = await activeStudent();
    const track = (browser: Browser, action: 'copy' | 'referral-click') =>
      browser.post(`/api/offers/${offer.id}/${action}`, { studentId: other.id });

    const calls = [
      await track(active.browser, 'copy'),
      await track(active.browser, 'copy'),
      await track(active.browser, 'referral-click'),
    ];
    expect(calls.map((res) => [res.status, res.body])).toEqual(
      Array(3).fill([202, { message: 'Event recorded' }]),
    );
    await drained(offer.id, {
      codeCopiesStudents: 1,
      codeCopiesCalls: 2,
      referralClicksStudents: 1,
      referralClicksCalls: 1,
    });
    expect(await listedUses(offer.id, 1)).toBe(1);

    expect((await track(unverified.browser, 'copy')).status).toBe(202);
    await drained(offer.id, { codeCopiesStudents: 2, codeCopiesCalls: 3 });
    expect(await listedUses(offer.id, 1)).toBe(1);

    expect((await track(other.browser, 'copy')).status).toBe(202);
    await drained(offer.id, { codeCopiesStudents: 3, codeCopiesCalls: 4 });
    expect(await listedUses(offer.id, 2)).toBe(2);
  });
  test('tracking batches isolate bad calls (T28): an offer id too long → 404 and a body of control characters → 400, each alone; the calls beside them → 202, every one counted', async () => {
    const offer = await createOffer({ brandName: 'Batch Neighbours' });
    const copy = (browser: Browser, id = offer.id) => browser.post(`/api/offers/${id}/copy`, {});
    // 1,000 bytes of U+0001: 6,000 once escaped in a batch's JSON, where the gateway used to count 1,000
    const controlCharacters = (browser: Browser) =>
      browser.agent
        .post(`/api/offers/${offer.id}/copy`)
        .set({ Origin: ORIGIN, 'Content-Type': 'application/json' })
        .send('\u0001'.repeat(1000));
    const good = Array.from({ length: 40 }, () => copy(newBrowser()));
    const tooLong = copy(newBrowser(), 'a'.repeat(300));
    const malformed = Array.from({ length: 40 }, () => controlCharacters(newBrowser()));
    const [answers, long, refused] = await Promise.all([Promise.all(good), tooLong, Promise.all(malformed)]);
    expect(long.status).toBe(404);
    expect(long.body).toEqual({ message: 'Offer not found', code: 'not_found' });
    for (const res of refused) expect([res.status, res.body.code]).toEqual([400, 'malformed_body']);
    for (const res of answers) expect([res.status, res.body]).toEqual([202, { message: 'Event recorded' }]);
    await drained(offer.id, { codeCopiesCalls: 40 });
  });
});

describe('POST /api/analytics through the gateway', () => {
  let offer: OfferRecord;
  beforeAll(async () => {
    offer = await createOffer({ brandName: 'Analytics Co' });
  });
  const metadata = JSON.stringify({ brandName: 'Analytics Co' });

  test.each([
    [
      'an unknown eventType',
      400,
      () => ({ eventType: 'purchase', offerId: offer.id, metadata }),
      { eventType: 'eventType must be offer_click or link_copy' },
    ],
    [
      'metadata over 512 bytes',
      400,
      () => ({
        eventType: 'offer_click',
        offerId: offer.id,
        metadata: JSON.stringify({ brandName: 'x'.repeat(500) }),
      }),
      { metadata: 'metadata must be at most 512 bytes' },
    ],
    [
      'a 2 kB body',
      413,
      () => ({ eventType: 'offer_click', offerId: offer.id, metadata, note: 'x'.repeat(2048) }),
      undefined,
    ],
  ])('%s → %i with a message', async (_label, status, body, errors) => {
    const res = await newBrowser().post('/api/analytics', body());
    expect(res.status).toBe(status);
    const message = errors ? Object.values(errors)[0] : 'Request body is too large';
    expect(res.body).toEqual(
      errors ? { message, code: 'validation_failed', errors } : { message, code: 'payload_too_large' },
    );
  });

  test('valid events → 202, counted once the worker has them; the refused ones above are not', async () => {
    const res = await newBrowser().post('/api/analytics', {
      eventType: 'offer_click',
      offerId: offer.id,
      metadata,
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: 'Event recorded' });
    const shared = await newBrowser().post('/api/analytics', {
      eventType: 'link_copy',
      offerId: offer.id,
      metadata,
    });
    expect(shared.status).toBe(202);
    await drained(offer.id, { viewsVisitors: 1, viewsCalls: 1, linkCopiesVisitors: 1, linkCopiesCalls: 1 });
  });
});
