import { DataTable, FunctionField, SelectArrayInput, TextInput } from 'react-admin';
import { choicesOf } from '../../choices';
import { QueueList, statusFilter } from '../../components/QueueList';
import { StatusChip } from '../../components/StatusChip';
import { WhenField } from '../../components/WhenField';
import { proposalKindLabels, proposalStatusLabels, type OfferProposalRecord } from './types';

const filters = [
  statusFilter(proposalStatusLabels),
  <SelectArrayInput key="kind" source="kind" label="Kind" choices={choicesOf(proposalKindLabels)} alwaysOn />,
  <TextInput key="brandId" source="brandId" label="Brand id" />,
];

/** Offers merchants proposed (new ones and edits), pending ones first in the order they came. */
export function ProposalList() {
  return (
    <QueueList filters={filters}>
      <DataTable.Col source="createdAt" label="Proposed" field={WhenField} />
      <DataTable.Col source="brandName" label="Brand" disableSort />
      <DataTable.Col source="kind" label="Kind">
        <FunctionField<OfferProposalRecord> render={(r) => proposalKindLabels[r.kind]} />
      </DataTable.Col>
      <DataTable.Col label="Title" disableSort>
        <FunctionField<OfferProposalRecord> render={(r) => r.fields.title} />
      </DataTable.Col>
      <DataTable.Col source="status" label="Status">
        <StatusChip source="status" labels={proposalStatusLabels} />
      </DataTable.Col>
      <DataTable.Col source="decidedAt" label="Decided" field={WhenField} />
    </QueueList>
  );
}
