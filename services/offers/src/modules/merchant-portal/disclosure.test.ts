import { ALL_OFFERS, releaseFigures, type ScopeCounts } from './disclosure';
import { addMonths, daysOfMonth, monthPeriodOf } from './period';

const scope = (name: string, total: number, counts: Record<string, number>): ScopeCounts => ({
  scope: name,
  total,
  byInstitution: new Map(Object.entries(counts)),
});

describe('releaseFigures (decision 017)', () => {
  test('a count below 5 is not named; its students and the unknown ones are others, rounded down to 5s', () => {
    const released = releaseFigures([scope(ALL_OFFERS, 17, { Khalifa: 9, Zayed: 4 })]);
    // 17 - 9 = 8 others (4 at Zayed, 4 unknown), shown as 5
    expect(released.get(ALL_OFFERS)).toEqual({
      institutions: [{ institution: 'Khalifa', students: 9 }],
      others: 5,
    });
  });

  test('no two released counts of one institution differ by 1 to 4: all offers first, then the largest', () => {
    const released = releaseFigures([
      scope('offer-b', 12, { Khalifa: 6, Zayed: 6 }),
      scope(ALL_OFFERS, 20, { Khalifa: 7, Zayed: 12 }),
      scope('offer-a', 12, { Khalifa: 7, Zayed: 5 }),
      scope('offer-c', 5, { Khalifa: 5 }),
    ]);
    expect(released.get(ALL_OFFERS)!.institutions).toEqual([
      { institution: 'Zayed', students: 12 },
      { institution: 'Khalifa', students: 7 },
    ]);
    // Khalifa: 7 of offer-a equals all offers' 7 and stays; 6 and 5 would be 1 and 2 away from it
    // Zayed: 6 of offer-b is 6 away from 12 and stays; 5 of offer-a would be 1 away from 6
    expect(released.get('offer-a')).toEqual({
      institutions: [{ institution: 'Khalifa', students: 7 }],
      others: 5,
    });
    expect(released.get('offer-b')).toEqual({
      institutions: [{ institution: 'Zayed', students: 6 }],
      others: 5,
    });
    expect(released.get('offer-c')).toEqual({ institutions: [], others: 5 });
    for (const institution of ['Khalifa', 'Zayed']) {
      const counts = [...released.values()].flatMap(({ institutions }) =>
        institutions.filter((row) => row.institution === institution).map((row) => row.students),
      );
      for (const a of counts) for (const b of counts) expect(a === b || Math.abs(a - b) >= 5).toBe(true);
    }
  });

  test('the answer does not depend on the order of the rows', () => {
    const scopes = [
      scope(ALL_OFFERS, 30, { Khalifa: 14, Zayed: 9 }),
      scope('offer-a', 15, { Khalifa: 9, Zayed: 6 }),
      scope('offer-b', 15, { Khalifa: 8, Zayed: 7 }),
    ];
    const forwards = releaseFigures(scopes);
    const backwards = releaseFigures([...scopes].reverse());
    for (const name of [ALL_OFFERS, 'offer-a', 'offer-b'])
      expect(backwards.get(name)).toEqual(forwards.get(name));
  });
});

describe('the month of the institution figures', () => {
  // 2026-12-01 00:30 in Dubai is still 30 November in UTC
  const now = new Date('2026-11-30T20:30:00Z');

  test('without a period, the last month that ended in the UAE; its days', () => {
    expect(monthPeriodOf({}, now)).toEqual({
      period: '2026-11',
      from: '2026-11-01',
      to: '2026-11-30',
      until: '2026-12-01',
      offerId: null,
    });
    expect(daysOfMonth('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29', until: '2028-03-01' });
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
  });

  test('days, the running month, a later one or a malformed one → 400 naming the field', () => {
    const refusal = (query: Record<string, string>) => {
      try {
        monthPeriodOf(query, now);
        return null;
      } catch (err) {
        return (err as { errors?: Record<string, string> }).errors;
      }
    };
    expect(refusal({ from: '2026-11-01' })).toEqual({
      from: 'Institution figures cover a whole month that has ended: ask for a period (YYYY-MM), not days',
    });
    expect(refusal({ period: '2026-10', to: '2026-10-31' })).toHaveProperty('to');
    expect(refusal({ period: '2026-12' })).toEqual({ period: 'period must be a month that has ended' });
    expect(refusal({ period: '2027-01' })).toEqual({ period: 'period must be a month that has ended' });
    expect(() => monthPeriodOf({ period: '2026-13' }, now)).toThrow('period must be a month (YYYY-MM)');
    expect(monthPeriodOf({ period: '2026-10' }, now).to).toBe('2026-10-31');
  });
});
