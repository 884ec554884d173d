import { DataTable, FunctionField, SelectArrayInput, TextInput } from 'react-admin';
import { choicesOf } from '../../choices';
import { LoadState } from '../../components/LoadState';
import { QueueList, statusFilter } from '../../components/QueueList';
import { StatusChip } from '../../components/StatusChip';
import { WhenField } from '../../components/WhenField';
import { ReportCounts, useCodeReportSummary } from './ReportCounts';
import { reasonLabels, reportStatusLabels, type CodeReportRecord } from './types';

const filters = [
  statusFilter(reportStatusLabels),
  <SelectArrayInput key="reason" source="reason" label="Reason" choices={choicesOf(reasonLabels)} alwaysOn />,
  <TextInput key="offerId" source="offerId" label="Offer id" />,
];

function Counts() {
  const summary = useCodeReportSummary();
  return (
    <LoadState loaded={summary} label="Loading report counts" height={88}>
      {(data) => <ReportCounts summary={data} />}
    </LoadState>
  );
}

/** Students' "this code didn't work" reports, open ones first in the order they came. */
export function CodeReportList() {
  return (
    <>
      <Counts />
      <QueueList filters={filters} waiting="open">
        <DataTable.Col source="createdAt" label="Reported" field={WhenField} />
        <DataTable.Col label="Offer" disableSort>
          <FunctionField<CodeReportRecord>
            render={(r) => `${r.brandName ?? ''}: ${r.offerTitle ?? r.offerId}`}
          />
        </DataTable.Col>
        <DataTable.Col source="code" label="Code" disableSort />
        <DataTable.Col source="reason" label="Reason">
          <FunctionField<CodeReportRecord> render={(r) => reasonLabels[r.reason]} />
        </DataTable.Col>
        <DataTable.Col label="Offer's open reports" disableSort>
          <FunctionField<CodeReportRecord>
            render={(r) => `${r.offerReportsOpen}${r.offerFlagged ? ' (flagged)' : ''}`}
          />
        </DataTable.Col>
        <DataTable.Col source="status" label="Status">
          <StatusChip source="status" labels={reportStatusLabels} />
        </DataTable.Col>
      </QueueList>
    </>
  );
}
