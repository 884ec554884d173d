import { randomUUID } from 'node:crypto';
import { createEnvelope } from '@tullab/events';
import { startedForTests } from '@tullab/testing';
import { startOffers, uaeDay } from './helpers';
import { merchantPortal, type Brand } from './merchant-portal.fixture';

const offers = startedForTests(startOffers);
const { api, newBrand, brandOffer, redeem } = merchantPortal(offers);

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
