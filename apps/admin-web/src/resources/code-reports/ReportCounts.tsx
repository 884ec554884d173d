import Typography from '@mui/material/Typography';
import { Link } from 'react-admin';
import { StatTiles } from '../../components/StatTiles';
import { useLoaded } from '../../hooks/use-loaded';
import { useConsoleDataProvider } from '../../providers/dataProvider';
import type { CodeReportSummary } from '@tullab/contracts';

/** `GET /api/admin/code-reports/summary`, for the queue and the dashboard. */
export function useCodeReportSummary() {
  const dataProvider = useConsoleDataProvider();
  return useLoaded(
    'code-report-summary',
    async () => (await dataProvider.summary<CodeReportSummary>('code-reports')).data,
  );
}

const offerReports = (offerId: string) =>
  `/code-reports?filter=${encodeURIComponent(JSON.stringify({ status: ['open'], offerId }))}`;

/** Open reports and the offers they flag (3 or more open reports each), linked to their reports. */
export function ReportCounts({ summary }: { summary: CodeReportSummary }) {
  return (
    <>
      <StatTiles
        tiles={[
          { label: 'Open code reports', value: summary.open },
          { label: 'Flagged offers', value: summary.flaggedOffers, warn: summary.flaggedOffers > 0 },
        ]}
      />
      {summary.flagged.length ? (
        <Typography component="ul" sx={{ mt: 1.5, mb: 0, pl: 2.5 }}>
          {summary.flagged.map((offer) => (
            <li key={offer.offerId}>
              <Link to={offerReports(offer.offerId)}>{`${offer.brandName}: ${offer.title}`}</Link>
              {` — ${offer.reportsOpen} open reports`}
            </li>
          ))}
        </Typography>
      ) : null}
    </>
  );
}
