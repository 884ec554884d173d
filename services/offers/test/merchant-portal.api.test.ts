import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createEnvelope } from '@tullab/events';
import { signIdentity } from '@tullab/http';
import {
  INTERNAL_SECRET,
  activeStudent,
  as,
  createOffer,
  randomIp,
  staff,
  startOffers,
  type TestOffers,
} from './helpers';

let offers: TestOffers;
const api = () => request(offers.url);

beforeAll(async () => {
  offers = await startOffers();
});

afterAll(async () => {
  await offers?.close();
});

/** A merchant of `brandId` as the gateway signs them (decision 016). */
const merchant = (brandId: string) =>
  signIdentity(
    {
      userId: randomUUID(),
      role: 'merchant',
      verificationStatus: 'none',
      sessionId: randomUUID(),
      ip: randomIp(),
      brandId,
    },
    INTERNAL_SECRET,
    'offers',
  );

/** A brand as approving its application makes it. */
async function newBrand(name = 'Falafel Co', language = 'en') {
  const id = randomUUID();
  const contactEmail = `${id.slice(0, 8)}@brand.example`;
  await offers.sql(
    `insert into brand (id, name, contact_email, contact_name, language) values (?, ?, ?, 'Sara Ali', ?)`,
    [id, name, contactEmail, language],
  );
  return { id, name, contactEmail, as: () => merchant(id) };
}
type Brand = Awaited<ReturnType<typeof newBrand>>;

/** An offer of the brand (made by staff, then given to the brand). */
async function brandOffer(brand: Brand, overrides: Record<string, unknown> = {}) {
  const offer = await createOffer(offers, { brandName: brand.name, ...overrides });
  await offers.sql('update offer set brand_id = ? where id = ?', [brand.id, offer.id]);
  return offer;
}

const importAsStaff = (offerId: string, csv: string) =>
  api().post(`/admin/offers/${offerId}/codes`).set(staff()).send({ csv }).expect(200);
const redeem = (offerId: string, userId: string) =>
  api().post(`/offers/${offerId}/redeem`).set(activeStudent(userId)).expect(200);
const upload = (path: string, caller: Record<string, string>, csv: string) =>
  api().post(path).set(caller).attach('file', Buffer.from(csv), 'codes.csv');
const uaeDay = (days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
const auditOf = (resourceId: string) =>
  offers.sql<{ action: string; actor_role: string }>(
    'select action, actor_role from audit_log where resource_id = ? order by created_at',
    [resourceId],
  );

/** A student who revealed the offer's code and reported it. */
async function reported(offerId: string, language = 'en') {
  const userId = randomUUID();
  const student = signIdentity(
    {
      userId,
      role: 'student',
      verificationStatus: 'active',
      sessionId: randomUUID(),
      ip: randomIp(),
      email: `${userId}@student.test`,
      firstName: 'Omar',
    },
    INTERNAL_SECRET,
    'offers',
  );
  await api().post(`/offers/${offerId}/redeem`).set(student).expect(200);
  const res = await api()
    .post(`/offers/${offerId}/reports`)
    .set(student)
    .set('Accept-Language', language)
    .send({ reason: 'code-rejected', text: 'The till said no' })
    .expect(201);
  return { userId, reportId: res.body.id as string };
}

describe('GET /merchant/brand and /merchant/offers', () => {
  test('the brand, and its offers but archived ones, newest first, with where their codes come from', async () => {
    const brand = await newBrand();
    expect((await api().get('/merchant/brand').set(brand.as())).body).toEqual({
      id: brand.id,
      name: 'Falafel Co',
      contactEmail: brand.contactEmail,
    });
    const generated = await brandOffer(brand, { title: 'Generated' });
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const texts = {
      titleAr: 'خصم خاص',
      descriptionAr: 'على كل شيء في المتجر',
      websiteLink: 'https://falafel.example',
      expiresAt,
      discountRedemptionGuideAr: [{ instruction: 'انسخ الرمز' }],
      termsAndConditionsAr: 'للطلاب الموثقين فقط، مرة واحدة',
    };
    const own = await brandOffer(brand, { title: 'Own', code: 'OWN-10', ...texts });
    const referral = await brandOffer(brand, {
      title: 'Referral',
      offerType: 'referral',
      discountType: null,
      discountValue: null,
      referralLink: 'https://falafel.example/r',
    });
    const pooled = await brandOffer(brand, { title: 'Pooled', code: 'IGNORED' });
    await importAsStaff(pooled.id, 'A-1\nA-2\nA-3\nA-4\nA-5\nA-6');
    await redeem(pooled.id, randomUUID());
    const archived = await brandOffer(brand, { title: 'Archived' });
    await api().delete(`/admin/offers/${archived.id}`).set(staff()).expect(200);
    const ordered = [generated, own, referral, pooled, archived];
    for (const [i, offer] of ordered.entries())
      await offers.sql(`update offer set created_at = now() - interval '${10 - i} minutes' where id = ?`, [
        offer.id,
      ]);
    await reported(own.id);

    const list = await api().get('/merchant/offers').set(brand.as());
    expect(list.status).toBe(200);
    expect(list.body.map((o: { title: string }) => o.title)).toEqual([
      'Pooled',
      'Referral',
      'Own',
      'Generated',
    ]);
    const byTitle = Object.fromEntries(list.body.map((o: { title: string }) => [o.title, o]));
    expect(byTitle.Pooled).toMatchObject({
      codeSource: 'pool',
      codesTotal: 6,
      codesLeft: 5,
      poolLow: true,
      status: 'live',
      offerType: 'discount',
    });
    expect(byTitle.Own).toMatchObject({
      codeSource: 'own',
      codesTotal: null,
      codesLeft: null,
      reportsOpen: 1,
    });
    expect(byTitle.Generated).toMatchObject({ codeSource: 'generated', poolLow: false, reportsOpen: 0 });
    expect(byTitle.Referral).toMatchObject({ codeSource: 'referral', offerType: 'referral' });
    expect(Object.keys(byTitle.Own).sort()).toEqual(
      [
        'id',
        'title',
        'titleAr',
        'status',
        'offerType',
        'codeSource',
        'codesTotal',
        'codesLeft',
        'poolLow',
        'reportsOpen',
        'expiresAt',
        'createdAt',
      ].sort(),
    );
    // the one offer also carries the fields an edit proposal replaces, which sent back as they are make a valid one
    const one = await api().get(`/merchant/offers/${own.id}`).set(brand.as());
    const fields = {
      ...texts,
      title: 'Own',
      description: 'Everything in store.',
      businessCategory: 'fashion',
      offerType: 'discount',
      discountType: 'percentage',
      discountValue: 20,
      code: 'OWN-10',
      referralLink: null,
      discountRedemptionGuide: [
        { step: 1, instruction: 'Copy the code' },
        { step: 2, instruction: 'Paste it at checkout' },
      ],
      discountRedemptionGuideAr: [{ step: 1, instruction: 'انسخ الرمز' }],
      termsAndConditions: 'Verified students only; one use each.',
    };
    expect(one.body).toEqual({ ...byTitle.Own, fields });
    const proposal = await api()
      .post('/merchant/offer-proposals')
      .set(brand.as())
      .send({ offerId: own.id, ...one.body.fields });
    expect(proposal.status).toBe(201);
    expect(proposal.body).toMatchObject({ kind: 'edit', offerId: own.id, fields });
    expect((await api().get(`/merchant/offers/${archived.id}`).set(brand.as())).status).toBe(404);
  });

  test('pause: a live offer leaves the catalogue at once, audited with the merchant; not live → 409', async () => {
    const brand = await newBrand();
    const offer = await brandOffer(brand);
    const res = await api().post(`/merchant/offers/${offer.id}/pause`).set(brand.as());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: offer.id, status: 'paused' });
    expect(await auditOf(offer.id)).toEqual([
      { action: 'create', actor_role: 'staff' },
      { action: 'pause', actor_role: 'merchant' },
    ]);
    const catalogue = await api().get('/offers').set(as(null));
    expect(catalogue.body.map((o: { id: string }) => o.id)).not.toContain(offer.id);
    const again = await api().post(`/merchant/offers/${offer.id}/pause`).set(brand.as());
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/Only a live offer can be paused/);
  });
});

describe('GET /merchant/funnel and /merchant/funnel.csv', () => {
  test('what the worker counted, per day with zeros, one offer or the brand summed; the CSV the same', async () => {
    const brand = await newBrand();
    const offer = await brandOffer(brand, { code: 'FUNNEL' });
    const other = await brandOffer(brand, { title: 'Other' });
    const [first, second] = [randomUUID(), randomUUID()];
    const view = (caller: Record<string, string>, offerId = offer.id) =>
      api()
        .post('/analytics')
        .set(caller)
        .send({ eventType: 'offer_click', offerId, metadata: '{}' })
        .expect(202);
    await view(activeStudent(first));
    await view(activeStudent(first));
    await view(as(null));
    await api().post(`/offers/${offer.id}/copy`).set(activeStudent(first)).send({}).expect(202);
    await redeem(offer.id, first);
    await redeem(offer.id, second); // only redeems: still one of the day's students
    await view(activeStudent(second), other.id);
    // yesterday: a student who copied the code of the other offer
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const batch = createEnvelope('offer.activity_recorded', {
      events: [
        {
          id: randomUUID(),
          kind: 'code_copied',
          offerId: other.id,
          userId: first,
          active: true,
          visitor: null,
          occurredAt: yesterday,
        },
      ],
    });
    expect((await offers.deliver(batch)).returnvalue).toBe('done');
    await offers.drained();

    const today = uaeDay();
    const one = await api().get('/merchant/funnel').query({ offerId: offer.id }).set(brand.as());
    expect(one.status).toBe(200);
    expect(one.body.days).toHaveLength(30);
    expect(one.body).toMatchObject({ to: today, from: uaeDay(-29), offerId: offer.id });
    expect(one.body.days.at(-1)).toEqual({
      day: today,
      views: 2,
      reveals: 2,
      codeCopies: 1,
      referralClicks: 0,
      redemptions: 2,
      students: 2,
    });
    expect(one.body.days[0]).toEqual({
      day: uaeDay(-29),
      views: 0,
      reveals: 0,
      codeCopies: 0,
      referralClicks: 0,
      redemptions: 0,
      students: 0,
    });
    expect(one.body.totals).toEqual({
      views: 2,
      reveals: 2,
      codeCopies: 1,
      referralClicks: 0,
      redemptions: 2,
    });

    const all = await api()
      .get('/merchant/funnel')
      .query({ from: uaeDay(-1), to: today })
      .set(brand.as());
    expect(all.body.offerId).toBeNull();
    expect(all.body.days).toEqual([
      {
        day: uaeDay(-1),
        views: 0,
        reveals: 0,
        codeCopies: 1,
        referralClicks: 0,
        redemptions: 0,
        students: 1,
      },
      { day: today, views: 3, reveals: 2, codeCopies: 1, referralClicks: 0, redemptions: 2, students: 3 },
    ]);

    const csv = await api()
      .get('/merchant/funnel.csv')
      .query({ from: uaeDay(-1), to: today })
      .set(brand.as());
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="tullab-funnel-${uaeDay(-1)}-${today}.csv"`,
    );
    expect(csv.text.split('\r\n')).toEqual([
      'day,views,reveals,code_copies,referral_clicks,redemptions,students',
      `${uaeDay(-1)},0,0,1,0,0,1`,
      `${today},3,2,1,0,2,3`,
      '',
    ]);
  });

  test('from after to, a range over 366 days or a bad date → 400 naming the field', async () => {
    const brand = await newBrand();
    for (const path of ['/merchant/funnel', '/merchant/funnel.csv']) {
      const backwards = await api().get(path).query({ from: '2026-11-10', to: '2026-11-01' }).set(brand.as());
      expect(backwards.status).toBe(400);
      expect(backwards.body.errors).toHaveProperty('from');
      const long = await api().get(path).query({ from: '2025-01-01', to: '2026-11-01' }).set(brand.as());
      expect(long.status).toBe(400);
      expect(long.body.message).toBe('The range may span at most 366 days');
      const bad = await api().get(path).query({ to: '2026-02-30' }).set(brand.as());
      expect(bad.body).toMatchObject({
        code: 'validation_failed',
        errors: { to: 'to must be a date (YYYY-MM-DD)' },
      });
      const offerId = await api().get(path).query({ offerId: 'nope' }).set(brand.as());
      expect(offerId.body.errors).toHaveProperty('offerId');
    }
    const leap = await api()
      .get('/merchant/funnel')
      .query({ from: '2024-01-01', to: '2024-12-31' })
      .set(brand.as());
    expect(leap.body.days).toHaveLength(366);
  });
});

/** The last month that has ended in the UAE, `YYYY-MM`, and its neighbours' days. */
function lastMonth() {
  const [year, month] = uaeDay().slice(0, 7).split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 2, 1));
  const period = first.toISOString().slice(0, 7);
  const day = (n: number) => `${period}-${String(n).padStart(2, '0')}`;
  const last = new Date(Date.UTC(year, month - 1, 0)).toISOString().slice(0, 10);
  // the first day of the running month: today or before
  const next = new Date(Date.UTC(year, month - 1, 1)).toISOString().slice(0, 10);
  return { period, day, last, next };
}

describe('GET /merchant/institutions (decision 017)', () => {
  const statusChanged = (userId: string, status: string, institutionName?: string, at = new Date()) =>
    offers.deliver(
      createEnvelope('verification.status_changed', {
        userId,
        status: status as 'active',
        changedAt: at.toISOString(),
        ...(institutionName ? { institutionName } : {}),
      }),
    );
  /** A student of the institution (none: unknown) who revealed the offers' codes at noon of a UAE day. */
  async function revealed(day: string, institution: string | null, ...offerIds: string[]) {
    const userId = randomUUID();
    if (institution) await statusChanged(userId, 'active', institution);
    for (const offerId of offerIds) {
      await redeem(offerId, userId);
      await offers.sql(
        `update redemption set created_at = (?::timestamp at time zone 'Asia/Dubai') where offer_id = ? and user_id = ?`,
        [`${day} 12:00`, offerId, userId],
      );
    }
    return userId;
  }
  const ask = (brand: Brand, query: Record<string, string>) =>
    api().get('/merchant/institutions').query(query).set(brand.as());

  test('the differencing attack: no two answers differ by 1 to 4 students for one institution', async () => {
    const brand = await newBrand();
    const x = await brandOffer(brand, { title: 'Offer X', code: 'X-1' });
    const y = await brandOffer(brand, { title: 'Offer Y', code: 'Y-1' });
    const { period, day, last, next } = lastMonth();
    for (let i = 0; i < 6; i++) await revealed(day(3), 'Khalifa University', x.id, y.id);
    for (let i = 0; i < 5; i++) await revealed(day(5), 'Zayed University', y.id);
    for (let i = 0; i < 3; i++) await revealed(day(12), null, x.id);
    // the brand knows its customer revealed X on the 10th; another one on the first day of the running month
    await revealed(day(10), 'Khalifa University', x.id);
    await revealed(next, 'Khalifa University', x.id);

    const attacks: Array<Record<string, string>> = [
      // two ranges a day apart, around the customer's day
      { from: day(1), to: day(10) },
      { from: day(1), to: day(9) },
      // one offer against all of them
      { from: day(1), to: last, offerId: y.id },
      { from: day(1), to: last },
      // the month, and the month and one day
      { from: day(1), to: next },
      { period },
      { period, offerId: x.id },
      { period, offerId: y.id },
    ];
    const answers: Array<{ query: Record<string, string>; counts: Map<string, number> }> = [];
    for (const query of attacks) {
      const res = await ask(brand, query);
      if (res.status === 200) {
        const counts = new Map<string, number>([['(others)', res.body.others as number]]);
        for (const row of res.body.institutions as Array<{ institution: string; students: number }>)
          counts.set(row.institution, row.students);
        answers.push({ query, counts });
      } else {
        expect([res.status, res.body.code]).toEqual([400, 'validation_failed']);
        expect(Object.keys(res.body.errors)).toEqual([query.from ? 'from' : 'to']);
      }
    }
    const close: string[] = [];
    for (const a of answers)
      for (const b of answers)
        for (const [institution, students] of a.counts) {
          const other = b.counts.get(institution);
          if (other !== undefined && Math.abs(students - other) >= 1 && Math.abs(students - other) <= 4)
            close.push(
              `${institution}: ${students} (${JSON.stringify(a.query)}) vs ${other} (${JSON.stringify(b.query)})`,
            );
        }
    expect(close).toEqual([]);
    // the month's answers: Y's 6 at Khalifa would be 1 away from all offers' 7, so they are among Y's others
    const byQuery = (query: Record<string, string>) =>
      answers.find((answer) => JSON.stringify(answer.query) === JSON.stringify(query))?.counts;
    expect(byQuery({ period })).toEqual(
      new Map([
        ['(others)', 0],
        ['Khalifa University', 7],
        ['Zayed University', 5],
      ]),
    );
    expect(byQuery({ period, offerId: x.id })).toEqual(
      new Map([
        ['(others)', 0],
        ['Khalifa University', 7],
      ]),
    );
    expect(byQuery({ period, offerId: y.id })).toEqual(
      new Map([
        ['(others)', 5],
        ['Zayed University', 5],
      ]),
    );
  });

  test('a month’s figures, once given, stay: a deleted account or a new institution changes nothing', async () => {
    const brand = await newBrand();
    const offer = await brandOffer(brand, { code: 'UNI' });
    const { period, day, last } = lastMonth();
    const khalifa: string[] = [];
    for (let i = 0; i < 6; i++) khalifa.push(await revealed(day(2), 'Khalifa University', offer.id));
    for (let i = 0; i < 2; i++) await revealed(day(2), 'Zayed University', offer.id);
    await revealed(day(2), null, offer.id);
    // an older event changes nothing, another status leaves the institution as it is
    await statusChanged(khalifa[0], 'active', 'Old College', new Date(Date.now() - 86_400_000));
    await statusChanged(khalifa[1], 'expired');
    const today = randomUUID(); // in the running month: not in the last one
    await statusChanged(today, 'active', 'Khalifa University');
    await redeem(offer.id, today);
    const expected = {
      period,
      from: day(1),
      to: last,
      offerId: null,
      institutions: [{ institution: 'Khalifa University', students: 6 }],
      others: 0,
    };
    const res = await ask(brand, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expected);
    expect(JSON.stringify(res.body)).not.toMatch(/Zayed|Old College/);
    expect((await ask(brand, { period, offerId: offer.id })).body).toEqual({
      ...expected,
      offerId: offer.id,
    });

    // a deleted account takes its institution with it, and another student moves: the month stays as it was given
    const deleted = createEnvelope('account.deleted', {
      userId: khalifa[3],
      emails: ['gone@example.com'],
      deletedAt: new Date().toISOString(),
      actor: { userId: khalifa[3], role: 'student' },
    });
    expect((await offers.deliver(deleted)).returnvalue).toBe('done');
    expect(await offers.sql('select * from student_institution where user_id = ?', [khalifa[3]])).toEqual([]);
    await statusChanged(khalifa[4], 'active', 'Zayed University');
    expect((await ask(brand, { period })).body).toEqual(expected);
    expect((await ask(brand, { period, offerId: offer.id })).body.institutions).toEqual(
      expected.institutions,
    );
  });

  test('days, the running month, a later or malformed month, another brand’s offer → refused, naming the field', async () => {
    const brand = await newBrand();
    const running = uaeDay().slice(0, 7);
    for (const [query, field, message] of [
      [
        { from: uaeDay(-7) },
        'from',
        'Institution figures cover a whole month that has ended: ask for a period (YYYY-MM), not days',
      ],
      [
        { to: uaeDay() },
        'to',
        'Institution figures cover a whole month that has ended: ask for a period (YYYY-MM), not days',
      ],
      [{ period: running }, 'period', 'period must be a month that has ended'],
      [{ period: '2999-01' }, 'period', 'period must be a month that has ended'],
      [{ period: '2026-13' }, 'period', 'period must be a month (YYYY-MM)'],
      [{ offerId: 'nope' }, 'offerId', 'offerId must be an offer id'],
    ] as const) {
      const res = await ask(brand, query);
      expect([res.status, res.body]).toEqual([
        400,
        { message, code: 'validation_failed', errors: { [field]: message } },
      ]);
    }
    const other = await brandOffer(await newBrand('Brand B'));
    expect((await ask(brand, { offerId: other.id })).status).toBe(404);
    // a month before the brand had any student: nothing to show, and nothing kept
    expect((await ask(brand, { period: '2020-02' })).body).toEqual({
      period: '2020-02',
      from: '2020-02-01',
      to: '2020-02-29',
      offerId: null,
      institutions: [],
      others: 0,
    });
    expect(await offers.sql('select * from institution_month where brand_id = ?', [brand.id])).toEqual([]);
  });
});

describe('POST /merchant/offers/:id/pool(/preview)', () => {
  test('the preview names invalid lines and duplicates and changes nothing; the import adds all or none', async () => {
    const brand = await newBrand();
    const offer = await brandOffer(brand);
    await importAsStaff(offer.id, 'KEPT-1');
    await offers.sql(
      'update offer set low_pool_alerted_at = now(), pool_exhausted_alerted_at = now() where id = ?',
      [offer.id],
    );
    const file = 'code\nNEW-1\nbad code\nNEW-2\nNEW-1\nKEPT-1\n\nNEW-3\n';
    const preview = await upload(`/merchant/offers/${offer.id}/pool/preview`, brand.as(), file);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      valid: 3,
      sample: ['NEW-1', 'NEW-2', 'NEW-3'],
      invalid: [
        { line: 3, value: 'bad code', message: 'Codes use letters, digits and symbols, without spaces' },
      ],
      duplicates: [
        { line: 5, value: 'NEW-1' },
        { line: 6, value: 'KEPT-1' },
      ],
      codesTotal: 1,
      codesLeft: 1,
    });

    const refused = await upload(`/merchant/offers/${offer.id}/pool`, brand.as(), file);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'validation_failed',
      message:
        '3 lines cannot be imported, the first is line 3: Codes use letters, digits and symbols, without spaces',
      errors: {
        'line 3': 'Codes use letters, digits and symbols, without spaces',
        'line 5': 'NEW-1 is already in the file or the pool',
        'line 6': 'KEPT-1 is already in the file or the pool',
      },
    });
    expect(refused.body.errors.file).toBe(refused.body.message);
    const total = async () =>
      (
        await offers.sql<{ n: string }>('select count(*) as n from offer_code where offer_id = ?', [offer.id])
      )[0].n;
    expect(await total()).toBe('1');

    const res = await upload(`/merchant/offers/${offer.id}/pool`, brand.as(), 'NEW-1\r\nNEW-2\r\nNEW-3\r\n');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ added: 3, codesTotal: 4, codesLeft: 4 });
    expect(await total()).toBe('4');
    expect((await auditOf(offer.id)).at(-1)).toEqual({ action: 'import-codes', actor_role: 'merchant' });
    // the pool is still low (4 left): that alert stays sent, the exhausted one is armed again
    expect(
      await offers.sql(
        'select low_pool_alerted_at is not null as low, pool_exhausted_alerted_at as exhausted from offer where id = ?',
        [offer.id],
      ),
    ).toEqual([{ low: true, exhausted: null }]);
    const many = Array.from({ length: 20 }, (_, i) => `MORE-${i}`).join('\n');
    await upload(`/merchant/offers/${offer.id}/pool`, brand.as(), many).expect(200);
    expect(await offers.sql('select low_pool_alerted_at from offer where id = ?', [offer.id])).toEqual([
      { low_pool_alerted_at: null },
    ]);
  });

  test('no file, an empty one, a too big one, a referral offer', async () => {
    const brand = await newBrand();
    const offer = await brandOffer(brand);
    const none = await api().post(`/merchant/offers/${offer.id}/pool`).set(brand.as()).send({});
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ file: 'Please choose a CSV file of codes' });
    const empty = await upload(`/merchant/offers/${offer.id}/pool`, brand.as(), 'code\n');
    expect(empty.body).toMatchObject({
      message: 'The file has no codes',
      errors: { file: 'The file has no codes' },
    });
    const big = await upload(
      `/merchant/offers/${offer.id}/pool/preview`,
      brand.as(),
      'X'.repeat(1024 * 1024 + 1),
    );
    expect(big.status).toBe(413);
    const referral = await brandOffer(brand, {
      offerType: 'referral',
      discountType: null,
      discountValue: null,
      referralLink: 'https://falafel.example/r',
    });
    for (const path of ['pool', 'pool/preview'])
      expect((await upload(`/merchant/offers/${referral.id}/${path}`, brand.as(), 'R-1')).status).toBe(409);
  });
});

describe('the low-pool e-mail to the brand', () => {
  test('once low and once out, to the contact in their language, with the staff alert', async () => {
    const brand = await newBrand('Kicks', 'ar');
    const offer = await brandOffer(brand, { title: 'Sneakers' });
    await importAsStaff(offer.id, 'P-1\nP-2');
    await redeem(offer.id, randomUUID());
    await redeem(offer.id, randomUUID());
    await api().post(`/offers/${offer.id}/redeem`).set(activeStudent()).expect(409);
    const mails = await offers.mails(brand.contactEmail);
    expect(mails.map((mail) => mail.payload)).toEqual([
      {
        to: brand.contactEmail,
        template: 'merchant-pool-low',
        language: 'ar',
        data: { contactName: 'Sara Ali', brandName: 'Kicks', offerTitle: 'Sneakers', codesLeft: '1' },
      },
      expect.objectContaining({
        template: 'merchant-pool-low',
        data: expect.objectContaining({ codesLeft: '0' }),
      }),
    ]);
    expect((await offers.mails(offers.config.SUPPORT_EMAIL)).length).toBeGreaterThanOrEqual(2);
  });
});

describe('GET /merchant/code-reports and POST /merchant/code-reports/:id/answer', () => {
  test('the brand’s reports without the student; answered as staff would, by the merchant, once', async () => {
    const brand = await newBrand();
    const offer = await brandOffer(brand, { title: 'Reported', code: 'REP-1' });
    const { userId, reportId } = await reported(offer.id, 'ar');
    const list = await api().get('/merchant/code-reports').query({ status: 'open' }).set(brand.as());
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: reportId,
        offerId: offer.id,
        offerTitle: 'Reported',
        reason: 'code-rejected',
        text: 'The till said no',
        code: 'REP-1',
        status: 'open',
        outcome: null,
        answer: null,
        createdAt: expect.any(String),
        decidedAt: null,
      },
    ]);
    expect(JSON.stringify(list.body)).not.toMatch(new RegExp(`${userId}|student\\.test|Omar`));
    expect(
      (await api().get('/merchant/code-reports').query({ status: 'x' }).set(brand.as())).body.errors,
    ).toHaveProperty('status');
    const empty = await api().post(`/merchant/code-reports/${reportId}/answer`).set(brand.as()).send({});
    expect(empty.body.errors).toHaveProperty('message');

    const res = await api()
      .post(`/merchant/code-reports/${reportId}/answer`)
      .set(brand.as())
      .send({ message: 'Please try again at the till.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: reportId,
      status: 'answered',
      outcome: 'answered',
      answer: 'Please try again at the till.',
    });
    expect(await auditOf(reportId)).toEqual([{ action: 'decide-answered', actor_role: 'merchant' }]);
    const [mail] = await offers.mails(`${userId}@student.test`);
    expect(mail.payload).toMatchObject({ template: 'code-report-answered', language: 'ar' });
    expect(mail.payload.data).toMatchObject({
      outcome: 'answered',
      message: 'Please try again at the till.',
    });
    const again = await api()
      .post(`/merchant/code-reports/${reportId}/answer`)
      .set(brand.as())
      .send({ message: 'Again' });
    expect(again.status).toBe(409);
    expect(
      (await api().get('/merchant/code-reports').query({ status: 'open' }).set(brand.as())).body,
    ).toEqual([]);
  });

  test('fresh-code hands the student the next code of the pool', async () => {
    const brand = await newBrand();
    const offer = await brandOffer(brand);
    await importAsStaff(offer.id, 'F-1\nF-2\nF-3\nF-4\nF-5\nF-6\nF-7');
    const { userId, reportId } = await reported(offer.id);
    const res = await api()
      .post(`/merchant/code-reports/${reportId}/answer`)
      .set(brand.as())
      .send({ outcome: 'fresh-code', message: 'Here is a new one.' });
    expect(res.body).toMatchObject({ status: 'answered', outcome: 'fresh-code' });
    expect(
      await offers.sql('select code from redemption where offer_id = ? and user_id = ? order by sequence', [
        offer.id,
        userId,
      ]),
    ).toEqual([{ code: 'F-1' }, { code: 'F-2' }]);
  });
});

describe('the boundary between brands (decision 016)', () => {
  test('a merchant of A never reaches B: 404 for B’s ids, B never in A’s answers; others 403, visitors 401', async () => {
    const [a, b] = [await newBrand('Brand A'), await newBrand('Brand B')];
    const offerA = await brandOffer(a, { title: 'Offer of A', code: 'A-CODE' });
    const offerB = await brandOffer(b, { title: 'Offer of B', code: 'B-CODE' });
    const staffOffer = await createOffer(offers, { title: 'No brand' });
    await importAsStaff(offerB.id, 'B-1\nB-2\nB-3\nB-4\nB-5\nB-6\nB-7');
    const reportB = await reported(offerB.id);
    const reportA = await reported(offerA.id);
    const student = randomUUID();
    await offers.deliver(
      createEnvelope('verification.status_changed', {
        userId: student,
        status: 'active',
        changedAt: new Date().toISOString(),
        institutionName: 'Only B University',
      }),
    );
    await redeem(offerB.id, student);
    await offers.drained();

    const unknownOffer = await api().get(`/merchant/offers/${randomUUID()}`).set(a.as());
    expect(unknownOffer.body).toEqual({ message: 'Offer not found', code: 'not_found' });
    for (const id of [offerB.id, staffOffer.id]) {
      const calls = [
        api().get(`/merchant/offers/${id}`),
        api().post(`/merchant/offers/${id}/pause`),
        api().get('/merchant/funnel').query({ offerId: id }),
        api().get('/merchant/funnel.csv').query({ offerId: id }),
        api().get('/merchant/institutions').query({ offerId: id }),
      ];
      for (const call of calls) {
        const res = await call.set(a.as());
        expect([res.status, res.body]).toEqual([404, unknownOffer.body]);
      }
      for (const path of ['pool', 'pool/preview']) {
        const res = await upload(`/merchant/offers/${id}/${path}`, a.as(), 'SNEAKY-1');
        expect([res.status, res.body]).toEqual([404, unknownOffer.body]);
      }
    }
    const unknownReport = await api()
      .post(`/merchant/code-reports/${randomUUID()}/answer`)
      .set(a.as())
      .send({ message: 'Not yours' });
    const otherReport = await api()
      .post(`/merchant/code-reports/${reportB.reportId}/answer`)
      .set(a.as())
      .send({ message: 'Not yours' });
    expect([otherReport.status, otherReport.body]).toEqual([404, unknownReport.body]);
    expect(unknownReport.body).toEqual({ message: 'Report not found', code: 'not_found' });
    expect(await offers.sql('select status from code_report where id = ?', [reportB.reportId])).toEqual([
      { status: 'open' },
    ]);
    expect(
      await offers.sql('select count(*)::int as n from offer_code where offer_id = ?', [offerB.id]),
    ).toEqual([{ n: 7 }]);
    expect(await offers.sql('select status from offer where id = ?', [offerB.id])).toEqual([
      { status: 'live' },
    ]);

    const seen = [
      await api().get('/merchant/brand').set(a.as()),
      await api().get('/merchant/offers').set(a.as()),
      await api().get('/merchant/code-reports').set(a.as()),
      await api().get('/merchant/funnel').set(a.as()),
      await api().get('/merchant/funnel.csv').set(a.as()),
      await api().get('/merchant/institutions').set(a.as()),
    ];
    for (const res of seen) expect(res.status).toBe(200);
    const text = seen.map((res) => res.text).join('\n');
    for (const leak of [b.id, offerB.id, 'Offer of B', 'Brand B', reportB.reportId, staffOffer.id, 'Only B'])
      expect(text).not.toContain(leak);
    expect(seen[2].body.map((r: { id: string }) => r.id)).toEqual([reportA.reportId]);
    expect(seen[3].body.totals).toMatchObject({ reveals: 1, redemptions: 1 });
    expect(seen[5].body).toMatchObject({ institutions: [], others: 0 });

    const routes: Array<[string, string]> = [
      ['get', '/merchant/brand'],
      ['get', '/merchant/offers'],
      ['get', `/merchant/offers/${offerA.id}`],
      ['post', `/merchant/offers/${offerA.id}/pause`],
      ['post', `/merchant/offers/${offerA.id}/pool/preview`],
      ['post', `/merchant/offers/${offerA.id}/pool`],
      ['get', '/merchant/funnel'],
      ['get', '/merchant/funnel.csv'],
      ['get', '/merchant/institutions'],
      ['get', '/merchant/code-reports'],
      ['post', `/merchant/code-reports/${reportA.reportId}/answer`],
    ];
    const merchantWithoutBrand = signIdentity(
      {
        userId: randomUUID(),
        role: 'merchant',
        verificationStatus: 'none',
        sessionId: randomUUID(),
        ip: randomIp(),
      },
      INTERNAL_SECRET,
      'offers',
    );
    for (const [method, path] of routes)
      for (const [caller, status] of [
        [activeStudent(), 403],
        [staff(), 403],
        [as('admin'), 403],
        [merchantWithoutBrand, 403],
        [as(null), 401],
      ] as const) {
        const call = method === 'get' ? api().get(path) : api().post(path);
        expect([method, path, (await call.set(caller).send({})).status]).toEqual([method, path, status]);
      }
    expect((await api().get(`/merchant/offers/${offerA.id}`).set(a.as())).body.status).toBe('live');
  });
});
