import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ColumnChart, describePoint, niceStep, type ChartPoint } from './ColumnChart';

const series = [
  { key: 'submitted', name: 'Submitted', color: '#1565C0' },
  { key: 'approved', name: 'Approved', color: '#2E7D5B' },
];
const points: ChartPoint[] = [
  { id: '2026-11-18', label: 'Wed, 18 Nov 2026', tick: '18 Nov', values: { submitted: 4, approved: 1 } },
  { id: '2026-11-19', label: 'Thu, 19 Nov 2026', tick: '19 Nov', values: { submitted: 0, approved: 3 } },
  { id: '2026-11-20', label: 'Fri, 20 Nov 2026', tick: '20 Nov', values: { submitted: 9, approved: 2 } },
];

const renderChart = () => render(<ColumnChart title="Requests per day" series={series} points={points} />);

describe('ColumnChart', () => {
  test('is a labelled group whose points read as sentences, the latest one the tab stop', () => {
    renderChart();
    const chart = screen.getByRole('group', { name: 'Requests per day' });
    const items = within(chart).getAllByRole('img');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Wed, 18 Nov 2026: 4 submitted, 1 approved',
      'Thu, 19 Nov 2026: 0 submitted, 3 approved',
      'Fri, 20 Nov 2026: 9 submitted, 2 approved',
    ]);
    expect(items.map((item) => item.getAttribute('tabindex'))).toEqual(['-1', '-1', '0']);
  });

  test('the arrow keys, Home and End move between points, and the focused one shows its numbers', async () => {
    renderChart();
    const user = userEvent.setup();
    await user.tab();
    const items = screen.getAllByRole('img');
    expect(document.activeElement).toBe(items[2]);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(items[1]);
    expect(items[1].getAttribute('tabindex')).toBe('0');
    screen.getByText('Thu, 19 Nov 2026', { selector: 'strong' });
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(items[2]);
  });

  test('has a legend and every number in a table', () => {
    renderChart();
    screen.getByText('Submitted', { selector: 'li' });
    const table = screen.getByRole('table', { name: 'Requests per day' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DaySubmittedApproved',
      'Wed, 18 Nov 202641',
      'Thu, 19 Nov 202603',
      'Fri, 20 Nov 202692',
    ]);
  });

  test('the value axis steps are round numbers that cover the highest value', () => {
    expect(niceStep(0)).toBe(1);
    expect(niceStep(9)).toBe(5);
    expect(niceStep(37)).toBe(10);
    expect(niceStep(1234)).toBe(500);
    expect(describePoint(points[0], [series[0]])).toBe('Wed, 18 Nov 2026: 4 submitted');
  });
});
