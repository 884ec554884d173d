import type { OfferProposalSummary } from '@tullab/contracts';
import { StatTiles } from '../../components/StatTiles';
import { useLoaded } from '../../hooks/use-loaded';
import { useConsoleDataProvider } from '../../providers/dataProvider';

/** `GET /api/admin/offer-proposals/summary`, for the dashboard. */
export function useProposalSummary() {
  const dataProvider = useConsoleDataProvider();
  return useLoaded(
    'offer-proposal-summary',
    async () => (await dataProvider.summary<OfferProposalSummary>('offer-proposals')).data,
  );
}

/** How many proposals wait for a decision. */
export function PendingProposals({ summary }: { summary: OfferProposalSummary }) {
  return (
    <StatTiles tiles={[{ label: 'Proposals waiting', value: summary.pending, warn: summary.pending > 0 }]} />
  );
}
