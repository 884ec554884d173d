import Box from '@mui/material/Box';
import {
  DataTable,
  FunctionField,
  Link,
  List,
  RecordField,
  ReferenceField,
  SelectArrayInput,
  SelectInput,
  TextField,
  useCanAccess,
  useRecordContext,
  useResourceDefinitions,
} from 'react-admin';
import { choicesOf } from '../../choices';
import { dayRangeFilters } from '../../components/DayInput';
import { IdInput } from '../../components/IdInput';
import { WhenField } from '../../components/WhenField';
import { humanise } from '../../format';
import { AuditChanges } from './AuditChanges';
import type { AuditRecord } from './types';

export interface AuditLogListProps {
  /** the actions this log records, for the filter */
  actions: Record<string, string>;
  /** the resources its rows are about, for the filter */
  resources: Record<string, string>;
  /** labels of the fields its rows change, where the field's name reads badly */
  fields?: Record<string, string>;
}

/** The record a row is about, linked to its page in the console when the console has one. */
function ResourceLink() {
  const record = useRecordContext<AuditRecord>();
  const definitions = useResourceDefinitions();
  if (!record) return null;
  const definition = definitions[record.resource];
  const label = `${humanise(record.resource)} ${record.resourceId.slice(0, 8)}`;
  if (!definition?.hasShow && !definition?.hasEdit) return <>{label}</>;
  return (
    <Link to={`/${record.resource}/${record.resourceId}${definition.hasShow ? '/show' : ''}`}>{label}</Link>
  );
}

/** Who acted: their name for admins (who may read the staff list), else their role and id; "System" for scheduled work. */
function Actor() {
  const record = useRecordContext<AuditRecord>();
  const { canAccess } = useCanAccess({ resource: 'staff', action: 'list' });
  if (record?.actorRole === 'system') return <>System</>;
  if (canAccess) {
    return (
      <ReferenceField source="actorId" reference="staff" link={false}>
        <FunctionField render={(staff) => `${staff.firstName} ${staff.lastName}`} />
      </ReferenceField>
    );
  }
  return <FunctionField<AuditRecord> render={(r) => `${humanise(r.actorRole)} ${r.actorId.slice(0, 8)}`} />;
}

function Details({ fields }: Pick<AuditLogListProps, 'fields'>) {
  const record = useRecordContext<AuditRecord>();
  return (
    <Box sx={{ display: 'grid', gap: 0.5, py: 1 }}>
      {record?.changes ? (
        <RecordField label="What changed" variant="inline">
          <AuditChanges fields={fields} />
        </RecordField>
      ) : null}
      <RecordField source="resourceId" label="Record id" variant="inline" />
      <RecordField source="subjectId" label="Subject id" variant="inline" empty="–" />
      <RecordField source="actorId" label="Actor id" variant="inline" />
      <RecordField source="ip" label="IP address" variant="inline" empty="–" />
      <RecordField source="requestId" label="Request id" variant="inline" empty="–" />
      <RecordField source="reason" label="Reason" variant="inline" empty="–" />
    </Box>
  );
}

/**
 * A read-only audit log (S31): who decided or changed what, when and why. Filters by action, record, subject, actor
 * and dates run on the server; a row opens to show every changed value whole, the ids, the address and the request
 * id that tie it to the logs.
 */
export function AuditLogList({ actions, resources, fields }: AuditLogListProps) {
  const filters = [
    <SelectArrayInput key="action" source="action" label="Action" choices={choicesOf(actions)} alwaysOn />,
    <SelectInput key="resource" source="resource" label="About" choices={choicesOf(resources)} />,
    <IdInput key="resourceId" source="resourceId" label="Record id" />,
    <IdInput key="subjectId" source="subjectId" label="Subject id" />,
    <IdInput key="actorId" source="actorId" label="Actor id" />,
    ...dayRangeFilters('createdAt', 'From', 'Until'),
  ];
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={50} exporter={false}>
      <DataTable bulkActionButtons={false} expand={<Details fields={fields} />} rowClick="expand">
        <DataTable.Col source="createdAt" label="When" field={WhenField} />
        <DataTable.Col source="action" label="Action">
          <FunctionField<AuditRecord> render={(r) => actions[r.action] ?? humanise(r.action)} />
        </DataTable.Col>
        <DataTable.Col source="resource" label="About">
          <ResourceLink />
        </DataTable.Col>
        <DataTable.Col label="By" disableSort>
          <Actor />
        </DataTable.Col>
        <DataTable.Col label="Change" disableSort>
          <AuditChanges fields={fields} short />
        </DataTable.Col>
        <DataTable.Col source="reason" label="Reason" disableSort>
          <TextField source="reason" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
