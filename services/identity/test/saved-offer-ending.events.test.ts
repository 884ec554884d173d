import { randomUUID } from 'node:crypto';
import { createEnvelope } from '@tullab/events';
import { registered, startIdentity, type TestIdentity } from './helpers';

/** Decision 014: identity turns `saved-offer.ending` into a mail, only with the student's consent, in their language. */

let identity: TestIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});

afterAll(async () => {
  await identity?.close();
});

const DAY = 24 * 3600_000;

const ending = (userId: string, expiresAt = new Date(Date.now() + 2 * DAY).toISOString()) =>
  createEnvelope('saved-offer.ending', {
    userId,
    offerId: randomUUID(),
    title: '30% off sneakers',
    titleAr: 'خصم 30% على الأحذية الرياضية',
    brandName: 'Kicks',
    expiresAt,
  });

describe('saved-offer.ending', () => {
  test('a student who agreed to offer e-mails: one mail requested, in English', async () => {
    const { user, student } = await registered(identity, { emailMarketing: true });
    const event = ending(user.id);
    expect((await identity.deliver(event)).returnvalue).toBe('done');
    expect((await identity.deliver(event)).returnvalue).toBe('duplicate');
    const mails = await identity.mails(student.email);
    expect(mails.map((mail) => mail.payload)).toEqual([
      {
        to: student.email,
        userId: user.id,
        template: 'saved-offer-ending',
        data: {
          firstName: 'Layla',
          offerTitle: '30% off sneakers',
          brandName: 'Kicks',
          expiresAt: event.payload.expiresAt,
          offerId: event.payload.offerId,
        },
        language: 'en',
      },
    ]);
  });

  test("in the account's language: Arabic, with the offer's Arabic title", async () => {
    const { user, student, client } = await registered(identity, { emailMarketing: true });
    expect((await client.put('/auth/user/language', { language: 'ar' })).status).toBe(200);
    await identity.deliver(ending(user.id));
    const [mail] = await identity.mails(student.email);
    expect(mail.payload.language).toBe('ar');
    expect(mail.payload.data.offerTitle).toBe('خصم 30% على الأحذية الرياضية');
  });

  test('without consent to offer e-mails: no mail', async () => {
    const { user, student } = await registered(identity, { emailMarketing: false });
    expect((await identity.deliver(ending(user.id))).returnvalue).toBe('done');
    expect(await identity.mails(student.email)).toEqual([]);
  });

  test('consent withdrawn since: no mail', async () => {
    const { user, student } = await registered(identity, { emailMarketing: true });
    await identity.sql('update users set email_marketing = false where id = ?', [user.id]);
    await identity.deliver(ending(user.id));
    expect(await identity.mails(student.email)).toEqual([]);
  });

  test('an offer that has ended already, or an unknown account: no mail, and no retry', async () => {
    const { user, student } = await registered(identity, { emailMarketing: true });
    const late = await identity.deliver(ending(user.id, new Date(Date.now() - 1000).toISOString()));
    expect(late.returnvalue).toBe('done');
    expect(await identity.mails(student.email)).toEqual([]);
    const unknown = await identity.deliver(ending(randomUUID()));
    expect(unknown.returnvalue).toBe('done');
  });
});
