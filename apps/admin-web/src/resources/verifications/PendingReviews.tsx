import { LoadState } from '../../components/LoadState';
import { StatTiles } from '../../components/StatTiles';
import { durationSince, formatDateTime } from '../../format';
import { useLoaded } from '../../hooks/use-loaded';
import { useConsoleDataProvider } from '../../providers/dataProvider';
import type { VerificationSummary } from './types';

/** A request waiting longer than this is flagged (SPEC §4: documents are reviewed within 24 hours). */
const OVERDUE_MS = 24 * 3600_000;

/** `GET /api/admin/verifications/summary`, for the review queue and the dashboard. */
export function useVerificationSummary() {
  const dataProvider = useConsoleDataProvider();
  return useLoaded(
    'verification-summary',
    async () => (await dataProvider.summary<VerificationSummary>('verifications')).data,
  );
}

/** What waits for staff: the counts of pending requests by kind and how long the oldest has waited. */
export function PendingReviews({ summary }: { summary: VerificationSummary }) {
  const oldest = summary.oldestPendingAt;
  return (
    <StatTiles
      tiles={[
        { label: 'Waiting for review', value: summary.pending },
        { label: 'Documents', value: summary.pendingDocuments },
        { label: 'Unrecognised e-mails', value: summary.pendingUnrecognisedEmails },
        {
          label: 'Oldest waiting',
          value: oldest ? durationSince(oldest) : '–',
          hint: oldest ? `since ${formatDateTime(oldest)}` : 'Nothing waits',
          warn: !!oldest && Date.now() - new Date(oldest).getTime() > OVERDUE_MS,
        },
      ]}
    />
  );
}

/** The summary loaded here, with its loading and error states. */
export function PendingReviewsPanel() {
  const summary = useVerificationSummary();
  return (
    <LoadState loaded={summary} label="Loading what waits for review" height={88}>
      {(data) => <PendingReviews summary={data} />}
    </LoadState>
  );
}
