import type { Funnel } from '@tullab/contracts';

/** The CSV's columns and the figure each one holds. */
const columns = [
  ['day', 'day'],
  ['views', 'views'],
  ['reveals', 'reveals'],
  ['code_copies', 'codeCopies'],
  ['referral_clicks', 'referralClicks'],
  ['redemptions', 'redemptions'],
  ['students', 'students'],
  ['orders', 'orders'],
  ['revenue_aed', 'revenue'],
] as const;

/** The funnel as a CSV file: a header line, then one line per day (every value a date or a number, nothing to quote). */
export function funnelCsv(funnel: Funnel): string {
  const lines = [columns.map(([header]) => header).join(',')];
  for (const day of funnel.days)
    lines.push(
      columns
        .map(([, field]) => (field === 'revenue' ? day.revenue.toFixed(2) : String(day[field])))
        .join(','),
    );
  return `${lines.join('\r\n')}\r\n`;
}

/** The name the browser saves the file under. */
export const funnelFileName = ({ from, to, mode }: Pick<Funnel, 'from' | 'to' | 'mode'>) =>
  `tullab-funnel-${mode === 'test' ? 'test-' : ''}${from}-${to}.csv`;
