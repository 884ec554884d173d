import {
  BooleanField,
  DataTable,
  FunctionField,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectArrayInput,
} from 'react-admin';
import { choicesOf } from '../../choices';
import { dayRangeFilters } from '../../components/DayInput';
import { StatusChip } from '../../components/StatusChip';
import { WhenField } from '../../components/WhenField';
import { fullName, verificationStatusLabels, type StudentRecord } from './types';
import { spreadsheetSafeExporter } from '../../providers/exporter';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name or e-mail" />,
  <SelectArrayInput
    key="verificationStatus"
    source="verificationStatus"
    label="Verification"
    choices={choicesOf(verificationStatusLabels)}
    alwaysOn
  />,
  <NullableBooleanInput key="disabled" source="disabled" label="Disabled" />,
  ...dayRangeFilters('createdAt', 'Joined from', 'Joined until'),
];

/** Student accounts, searchable by name or e-mail (account or student e-mail). */
export function StudentList() {
  return (
    <List
      exporter={spreadsheetSafeExporter}
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="lastName" label="Name">
          <FunctionField<StudentRecord> render={fullName} />
        </DataTable.Col>
        <DataTable.Col source="email" label="E-mail" />
        <DataTable.Col source="verificationStatus" label="Verification" disableSort>
          <StatusChip source="verificationStatus" labels={verificationStatusLabels} />
        </DataTable.Col>
        <DataTable.Col source="studentEmail" label="Student e-mail" disableSort />
        <DataTable.Col source="disabled" label="Disabled" disableSort field={BooleanField} />
        <DataTable.Col source="deletedAt" label="Deleted" disableSort field={WhenField} />
        <DataTable.Col source="createdAt" label="Joined" field={WhenField} />
        <DataTable.Col source="lastSeenAt" label="Last seen" disableSort field={WhenField} />
      </DataTable>
    </List>
  );
}
