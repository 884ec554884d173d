import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Identifier } from 'react-admin';
import { ColumnChart, type ChartPoint, type ChartSeries } from '../../components/charts/ColumnChart';
import { chartColors } from '../../components/charts/palette';
import { LoadState } from '../../components/LoadState';
import { StatTiles, type StatTile } from '../../components/StatTiles';
import { formatLongDay, formatShortDay, lastDays } from '../../format';
import { useLoaded } from '../../hooks/use-loaded';
import type { OfferStatAnswer, Tally, TrackedCounter } from '@tullab/contracts';
import { useConsoleDataProvider } from '../../providers/dataProvider';

/** How far back the charts look. */
export const STATS_DAYS = 30;

type Metric = Exclude<keyof OfferStatAnswer, 'id' | 'day'>;

/** How each tracked counter is shown (docs/decisions/008), in the order of its chart's columns. */
const tallies: Array<{ key: Tally; name: string; color: string }> = [
  { key: 'Students', name: 'Students', color: chartColors.green },
  { key: 'Visitors', name: 'Visitors', color: chartColors.blue },
  { key: 'Calls', name: 'All calls', color: chartColors.amber },
];

const tracked = (key: TrackedCounter, name: string) => ({
  name,
  series: tallies.map((tally) => ({ ...tally, key: `${key}${tally.key}` as Metric })),
});

/**
 * The charts, in order: each tracked counter's students, visitors and all calls side by side, then the redemptions.
 * The first series of each is its headline number.
 */
export const statCharts: Array<{ name: string; series: Array<ChartSeries & { key: Metric }> }> = [
  tracked('views', 'Views'),
  tracked('referralClicks', 'Clicks'),
  tracked('codeCopies', 'Code copies'),
  tracked('linkCopies', 'Share links copied'),
  { name: 'Redemptions', series: [{ key: 'redemptions', name: 'Redemptions', color: chartColors.red }] },
];

const metrics = statCharts.flatMap((chart) => chart.series.map((series) => series.key));

/** One point per day of the window, oldest first; the API sends only days with activity, the rest are zeros. */
export function dailyPoints(rows: OfferStatAnswer[], days: string[]): ChartPoint[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.map((day) => {
    const row = byDay.get(day);
    return {
      id: day,
      label: formatLongDay(day),
      tick: formatShortDay(day),
      values: Object.fromEntries(metrics.map((key) => [key, row?.[key] ?? 0])),
    };
  });
}

/** A chart's headline total, with the rest of its series under it ('4 visitors · 12 all calls'). */
function tile(chart: (typeof statCharts)[number], total: (key: Metric) => number): StatTile {
  const [headline, ...rest] = chart.series;
  return {
    label: `${chart.name}${rest.length ? ` by ${headline.name.toLowerCase()}` : ''} (${STATS_DAYS} days)`,
    value: total(headline.key),
    hint: rest.length
      ? rest.map((series) => `${total(series.key)} ${series.name.toLowerCase()}`).join(' · ')
      : undefined,
  };
}

/** The offer's last 30 days: totals, then one small chart per counter. */
export function OfferStats({ offerId }: { offerId: Identifier }) {
  const dataProvider = useConsoleDataProvider();
  const days = lastDays(STATS_DAYS);
  const stats = useLoaded(
    `offer-stats:${offerId}:${days[0]}`,
    async () => (await dataProvider.getOfferStats(offerId, days[0])).data,
  );

  return (
    <LoadState loaded={stats} label="Loading the offer's statistics" height={240}>
      {(rows) => {
        const points = dailyPoints(rows, days);
        const total = (key: Metric) => points.reduce((sum, point) => sum + point.values[key], 0);
        return (
          <Box sx={{ display: 'grid', gap: 3 }}>
            <StatTiles tiles={statCharts.map((chart) => tile(chart, total))} />
            <Typography variant="body2" color="text.secondary">
              A student, and a visitor (by their address), counts once per offer a day for each counter; all
              calls counts every call, repeats and staff&apos;s included.
            </Typography>
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
              {statCharts.map((chart) => (
                <ColumnChart
                  key={chart.name}
                  title={`${chart.name} per day`}
                  series={chart.series}
                  points={points}
                  height={180}
                />
              ))}
            </Box>
          </Box>
        );
      }}
    </LoadState>
  );
}
