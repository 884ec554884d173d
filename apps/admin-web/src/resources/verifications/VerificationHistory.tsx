import { DataTable, FunctionField, Pagination, ReferenceManyField, useRecordContext } from 'react-admin';
import { StatusChip } from '../../components/StatusChip';
import { WhenField } from '../../components/WhenField';
import { evidenceOf } from './VerificationList';
import { methodLabels, statusLabels, type VerificationRecord } from './types';

/**
 * Every verification request of one student, newest first (`filter={"userId":…}` on the server). `source` names
 * the field of the current record that holds the student's id; the row of the request being shown is marked.
 */
export function VerificationHistory({ source }: { source: 'userId' | 'id' }) {
  const current = useRecordContext();
  return (
    <ReferenceManyField
      reference="verifications"
      target="userId"
      source={source}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={10}
      pagination={<Pagination rowsPerPageOptions={[10, 25]} />}
    >
      <DataTable
        rowClick="show"
        bulkActionButtons={false}
        rowSx={(row) => (row.id === current?.id ? { bgcolor: 'action.selected' } : {})}
        empty={<>No verification requests.</>}
      >
        <DataTable.Col source="createdAt" label="Submitted" field={WhenField} />
        <DataTable.Col source="method" label="Method">
          <FunctionField<VerificationRecord> render={(r) => methodLabels[r.method]} />
        </DataTable.Col>
        <DataTable.Col label="Evidence" disableSort>
          <FunctionField<VerificationRecord> render={evidenceOf} />
        </DataTable.Col>
        <DataTable.Col source="status" label="Status">
          <StatusChip source="status" labels={statusLabels} />
        </DataTable.Col>
        <DataTable.Col source="reason" label="Reason" disableSort />
        <DataTable.Col source="decidedAt" label="Decided" field={WhenField} />
      </DataTable>
    </ReferenceManyField>
  );
}
