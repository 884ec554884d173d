import Box from '@mui/material/Box';
import type { Identifier } from 'react-admin';
import { ColumnChart, type ChartPoint } from '../../components/charts/ColumnChart';
import { chartColors } from '../../components/charts/palette';
import { LoadState } from '../../components/LoadState';
import { StatTiles } from '../../components/StatTiles';
import { formatLongDay, formatShortDay, lastDays } from '../../format';
import { useLoaded } from '../../hooks/use-loaded';
import { useConsoleDataProvider, type OfferStatRecord } from '../../providers/dataProvider';

/** How far back the charts look. */
export const STATS_DAYS = 30;

type Metric = Exclude<keyof OfferStatRecord, 'id' | 'day'>;

/** The daily counters the offers worker keeps, in the order the charts show them. */
export const statMetrics: Array<{ key: Metric; name: string; color: string }> = [
  { key: 'views', name: 'Views', color: chartColors.blue },
  { key: 'referralClicks', name: 'Clicks', color: chartColors.purple },
  { key: 'codeCopies', name: 'Code copies', color: chartColors.green },
  { key: 'linkCopies', name: 'Share links copied', color: chartColors.amber },
  { key: 'redemptions', name: 'Redemptions', color: chartColors.red },
];

/** One point per day of the window, oldest first; the API sends only days with activity, the rest are zeros. */
export function dailyPoints(rows: OfferStatRecord[], days: string[]): ChartPoint[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.map((day) => {
    const row = byDay.get(day);
    return {
      id: day,
      label: formatLongDay(day),
      tick: formatShortDay(day),
      values: Object.fromEntries(statMetrics.map((m) => [m.key, row?.[m.key] ?? 0])),
    };
  });
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
            <StatTiles
              tiles={statMetrics.map((m) => ({
                label: `${m.name} (${STATS_DAYS} days)`,
                value: total(m.key),
              }))}
            />
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
              {statMetrics.map((metric) => (
                <ColumnChart
                  key={metric.key}
                  title={`${metric.name} per day`}
                  series={[metric]}
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
