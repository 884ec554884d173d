import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link, LinkBase, Title, useGetIdentity, useGetList } from 'react-admin';
import { BarList } from '../components/charts/BarList';
import { ColumnChart } from '../components/charts/ColumnChart';
import { chartColors } from '../components/charts/palette';
import { LoadState } from '../components/LoadState';
import { Panel, QueuePanel } from './Panel';
import { formatLongDay, formatShortDay } from '../format';
import { ReportCounts, useCodeReportSummary } from '../resources/code-reports/ReportCounts';
import { FailedEmails } from '../resources/emails/FailedEmails';
import { QueueCountsTable } from '../resources/jobs/QueueCountsTable';
import { PendingProposals, useProposalSummary } from '../resources/offer-proposals/PendingProposals';
import { OfferStats } from '../resources/offers/OfferStats';
import type { OfferRecord } from '../resources/offers/types';
import { PendingReviews, useVerificationSummary } from '../resources/verifications/PendingReviews';
import type { VerificationSummary } from '../resources/verifications/types';

/** How many offers the ranking shows. */
const TOP_OFFERS = 10;

const pendingFilter = `/verifications?filter=${encodeURIComponent(JSON.stringify({ status: ['pending'] }))}`;

function VerificationsPerDay({ summary }: { summary: VerificationSummary }) {
  return (
    <ColumnChart
      title="Requests submitted and decided per day, last 30 days"
      series={[
        { key: 'submitted', name: 'Submitted', color: chartColors.blue },
        { key: 'approved', name: 'Approved', color: chartColors.green },
        { key: 'rejected', name: 'Rejected', color: chartColors.red },
      ]}
      points={summary.perDay.map((day) => ({
        id: day.day,
        label: formatLongDay(day.day),
        tick: formatShortDay(day.day),
        values: { submitted: day.submitted, approved: day.approved, rejected: day.rejected },
      }))}
    />
  );
}

/** The verification summary feeds two panels: what waits, and the last 30 days. */
function ReviewPanels() {
  const summary = useVerificationSummary();
  return (
    <>
      <QueuePanel
        title="Pending reviews"
        to={pendingFilter}
        linkLabel="Review now"
        primary
        loaded={summary}
        loadingLabel="Loading pending reviews"
      >
        {(data) => <PendingReviews summary={data} />}
      </QueuePanel>
      <Panel title="Verifications per day" wide>
        <LoadState loaded={summary} label="Loading verifications per day" height={260}>
          {(data) => <VerificationsPerDay summary={data} />}
        </LoadState>
      </Panel>
    </>
  );
}

/** Students' "this code didn't work" reports that wait, and the offers they flag (issue 13 point 4). */
function CodeReportsPanel() {
  return (
    <QueuePanel
      title="Code reports"
      to="/code-reports"
      linkLabel="Open the queue"
      loaded={useCodeReportSummary()}
      loadingLabel="Loading code reports"
    >
      {(data) => <ReportCounts summary={data} />}
    </QueuePanel>
  );
}

/** Offers and edits merchants proposed that wait for a decision (issue 16 point 5). */
function OfferProposalsPanel() {
  return (
    <QueuePanel
      title="Offer proposals"
      to="/offer-proposals"
      linkLabel="Open the proposals"
      loaded={useProposalSummary()}
      loadingLabel="Loading offer proposals"
    >
      {(data) => <PendingProposals summary={data} />}
    </QueuePanel>
  );
}

/**
 * Offers ranked by uses, and the daily statistics of one of them (the most used, or the one picked); `beside` is
 * laid out next to the ranking.
 */
function OfferPanels({ beside }: { beside: ReactNode }) {
  const { data, error, isPending, refetch } = useGetList<OfferRecord>('offers', {
    pagination: { page: 1, perPage: TOP_OFFERS },
    sort: { field: 'currentUses', order: 'DESC' },
  });
  const [picked, setPicked] = useState<string | null>(null);
  const loaded = {
    data: isPending ? undefined : (data ?? []),
    error: error ?? undefined,
    reload: () => void refetch(),
  };
  const offerId = picked ?? data?.[0]?.id ?? null;

  return (
    <>
      <Panel title="Offers by uses">
        <LoadState loaded={loaded} label="Loading offers" height={260}>
          {(offers) =>
            offers.length ? (
              <BarList
                title={`The ${offers.length} most used offers`}
                color={chartColors.green}
                items={offers.map((offer) => ({
                  id: offer.id,
                  label: <Link to={`/offers/${offer.id}/show`}>{`${offer.brandName}: ${offer.title}`}</Link>,
                  value: offer.currentUses,
                  valueText: `${offer.currentUses} use${offer.currentUses === 1 ? '' : 's'}`,
                }))}
              />
            ) : (
              <Typography color="text.secondary">No offers yet.</Typography>
            )
          }
        </LoadState>
      </Panel>
      {beside}
      <Panel
        title="Offer statistics"
        wide
        action={
          data?.length ? (
            <TextField
              select
              size="small"
              label="Offer"
              value={offerId ?? ''}
              onChange={(event) => setPicked(event.target.value)}
              sx={{ width: { xs: '100%', sm: 320 } }}
            >
              {data.map((offer) => (
                <MenuItem key={offer.id} value={offer.id}>
                  {offer.brandName}: {offer.title}
                </MenuItem>
              ))}
            </TextField>
          ) : null
        }
      >
        {offerId ? (
          <OfferStats offerId={offerId} />
        ) : (
          <Typography color="text.secondary">No offer to show.</Typography>
        )}
      </Panel>
    </>
  );
}

/**
 * The console's home: what waits for review, how verification goes, how offers do, and whether mail or jobs are
 * stuck.
 */
export function Dashboard() {
  const { identity } = useGetIdentity();
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Dashboard" />
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {identity?.fullName ? `Welcome, ${identity.fullName}` : 'Dashboard'}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <ReviewPanels />
        <CodeReportsPanel />
        <OfferProposalsPanel />
        <OfferPanels
          beside={
            <Panel
              title="Background jobs"
              action={
                <Button component={LinkBase} to="/jobs" size="small">
                  All failed jobs
                </Button>
              }
            >
              <Box sx={{ display: 'grid', gap: 2 }}>
                <FailedEmails />
                <QueueCountsTable />
              </Box>
            </Panel>
          }
        />
      </Box>
    </Box>
  );
}
