import { apiPath, offerProposals } from '@tullab/contracts/route-table';
import Typography from '@mui/material/Typography';
import { RecordField, useGetOne, useRecordContext } from 'react-admin';
import { DecisionOutcome, DecisionShow } from '../../components/Decision';
import { Section, SectionGrid } from '../../components/Section';
import { StatusChip } from '../../components/StatusChip';
import { UploadedLogo } from '../../components/UploadedLogo';
import { WhenField } from '../../components/WhenField';
import type { OfferRecord } from '../offers/types';
import { ApproveProposalButton } from './ApproveProposalButton';
import { FieldComparison } from './FieldComparison';
import {
  proposalKindLabels,
  proposalRejectReasons,
  proposalStatusLabels,
  type OfferProposalRecord,
} from './types';

function ProposalTitle() {
  const record = useRecordContext<OfferProposalRecord>();
  return <>{record ? `Proposal from ${record.brandName}: ${record.fields.title}` : 'Offer proposal'}</>;
}

/** The proposed fields; for an edit, beside the values the offer has now. */
function ProposedFields({ record }: { record: OfferProposalRecord }) {
  const isEdit = record.kind === 'edit' && !!record.offerId;
  const {
    data: offer,
    isPending,
    error,
  } = useGetOne<OfferRecord>('offers', { id: record.offerId ?? '' }, { enabled: isEdit });
  if (isEdit && isPending) return <Typography color="text.secondary">Loading the offer…</Typography>;
  return (
    <>
      {isEdit && error ? (
        <Typography color="error">
          The offer could not be loaded: only the proposed values are shown.
        </Typography>
      ) : null}
      <FieldComparison fields={record.fields} current={isEdit ? offer : undefined} />
    </>
  );
}

function ProposalDetails() {
  const record = useRecordContext<OfferProposalRecord>();
  if (!record) return null;
  return (
    <SectionGrid>
      <Section title="Decision">
        <RecordField label="Status">
          <StatusChip source="status" labels={proposalStatusLabels} />
        </RecordField>
        <RecordField label="Kind" render={(r: OfferProposalRecord) => proposalKindLabels[r.kind]} />
        <RecordField source="brandName" label="Brand" />
        <RecordField source="createdAt" label="Proposed" field={WhenField} />
        <DecisionOutcome offerLink="Open the offer" />
      </Section>
      <Section title="Logo">
        {record.hasLogo ? (
          <UploadedLogo
            src={apiPath(offerProposals.proposalLogo, { id: record.id })}
            alt={`Logo proposed by ${record.brandName}`}
          />
        ) : (
          <Typography color="text.secondary">
            {record.kind === 'edit' ? 'No new logo: the offer keeps its own.' : 'No logo proposed.'}
          </Typography>
        )}
      </Section>
      <Section title={record.kind === 'edit' ? 'Proposed changes' : 'Proposed offer'} wide>
        <ProposedFields record={record} />
      </Section>
    </SectionGrid>
  );
}

/** Why staff may reject, and who reads it. */
const rejection = {
  route: offerProposals.rejectProposal,
  reasons: proposalRejectReasons,
  intro: "The brand's contact receives this reason by e-mail.",
  success: 'Proposal rejected',
};

/** One proposal: who proposed what, the offer it would change, and the decision. */
export function ProposalShow() {
  return (
    <DecisionShow title={<ProposalTitle />} approve={<ApproveProposalButton />} reject={rejection}>
      <ProposalDetails />
    </DecisionShow>
  );
}
