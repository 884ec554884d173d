import Box from '@mui/material/Box';
import {
  DataTable,
  FunctionField,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  TextInput,
} from 'react-admin';
import { choicesOf } from '../../choices';
import { dayRangeFilters } from '../../components/DayInput';
import { IdInput } from '../../components/IdInput';
import { QueueList, statusFilter } from '../../components/QueueList';
import { StatusChip } from '../../components/StatusChip';
import { WhenField } from '../../components/WhenField';
import { PendingReviewsPanel } from './PendingReviews';
import { documentTypeLabels, methodLabels, statusLabels, type VerificationRecord } from './types';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name or e-mail" />,
  statusFilter(statusLabels),
  <SelectInput key="method" source="method" label="Method" choices={choicesOf(methodLabels)} />,
  <TextInput key="institutionName" source="institutionName" label="Institution" />,
  <NullableBooleanInput key="domainRecognised" source="domainRecognised" label="Domain recognised" />,
  ...dayRangeFilters('createdAt', 'Submitted from', 'Submitted until'),
  <IdInput key="userId" source="userId" label="Student id" />,
];

/** What the student offered as proof: the student e-mail, or the kind of document. */
export const evidenceOf = (record: VerificationRecord) =>
  record.method === 'email'
    ? (record.studentEmail ?? '')
    : (documentTypeLabels[record.documentType ?? ''] ?? record.documentType ?? 'Document');

/**
 * The review queue: pending requests first come first served, with the counts of what waits above the list.
 * Filters, sorting and paging all run on the server.
 */
export function VerificationList() {
  return (
    <QueueList
      filters={filters}
      perPage={25}
      empty={false}
      header={
        <Box sx={{ p: 2, pb: 0 }}>
          <PendingReviewsPanel />
        </Box>
      }
    >
      <DataTable.Col source="createdAt" label="Submitted" field={WhenField} />
      <DataTable.Col label="Student" disableSort>
        <FunctionField<VerificationRecord> render={(r) => `${r.firstName} (${r.personalEmail})`} />
      </DataTable.Col>
      <DataTable.Col source="method" label="Method">
        <FunctionField<VerificationRecord> render={(r) => methodLabels[r.method]} />
      </DataTable.Col>
      <DataTable.Col label="Evidence" disableSort>
        <FunctionField<VerificationRecord> render={evidenceOf} />
      </DataTable.Col>
      <DataTable.Col source="institutionName" label="Institution" />
      <DataTable.Col source="status" label="Status">
        <StatusChip source="status" labels={statusLabels} />
      </DataTable.Col>
      <DataTable.Col source="decidedAt" label="Decided" field={WhenField} />
    </QueueList>
  );
}
