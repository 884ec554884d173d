import { formatDate, isoDate } from './service';

describe('isoDate', () => {
  test.each([
    // 23:59 and 00:30 in Dubai (UTC+4), either side of its midnight
    ['2027-11-20T19:59:00Z', '2027-11-20', '20 November 2027'],
    ['2027-11-20T20:30:00Z', '2027-11-21', '21 November 2027'],
    ['2027-12-31T20:00:00Z', '2028-01-01', '1 January 2028'],
    ['2028-02-29T08:00:00Z', '2028-02-29', '29 February 2028'],
  ])('%s → %s, the day the English label shows (%s)', (instant, iso, label) => {
    const date = new Date(instant);
    expect(isoDate(date)).toBe(iso);
    expect(formatDate(date)).toBe(label);
  });
});
