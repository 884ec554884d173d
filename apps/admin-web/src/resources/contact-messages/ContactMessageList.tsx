import { DataTable, FunctionField, List, SearchInput, SelectInput } from 'react-admin';
import { choicesOf } from '../../choices';
import { dayRangeFilters } from '../../components/DayInput';
import { StatusChip } from '../../components/StatusChip';
import { WhenField } from '../../components/WhenField';
import { HandleButtons } from './HandleButtons';
import { statusLabels, type ContactMessageRecord } from './types';
import { spreadsheetSafeExporter } from '../../providers/exporter';

const PREVIEW_LENGTH = 90;

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name, e-mail or text" />,
  <SelectInput key="status" source="status" label="Status" choices={choicesOf(statusLabels)} alwaysOn />,
  ...dayRangeFilters('createdAt', 'Sent from', 'Sent until'),
];

const preview = (text: string) => (text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH)}…` : text);

/** The contact form's messages, new ones first by default; each opens to be read and marked handled. */
export function ContactMessageList() {
  return (
    <List
      exporter={spreadsheetSafeExporter}
      filters={filters}
      filterDefaultValues={{ status: 'new' }}
      sort={{ field: 'createdAt', order: 'DESC' }}
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="createdAt" label="Sent" field={WhenField} />
        <DataTable.Col label="From" disableSort>
          <FunctionField<ContactMessageRecord> render={(r) => `${r.firstName} ${r.lastName}`} />
        </DataTable.Col>
        <DataTable.Col source="email" label="E-mail" />
        <DataTable.Col label="Message" disableSort>
          <FunctionField<ContactMessageRecord> render={(r) => preview(r.message)} />
        </DataTable.Col>
        <DataTable.Col source="status" label="Status">
          <StatusChip source="status" labels={statusLabels} />
        </DataTable.Col>
        <DataTable.Col label="Actions" disableSort>
          <HandleButtons />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
