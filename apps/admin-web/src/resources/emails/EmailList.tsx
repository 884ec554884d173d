import { DataTable, FunctionField, List, SearchInput, SelectInput } from 'react-admin';
import { choicesOf } from '../../choices';
import { dayRangeFilters } from '../../components/DayInput';
import { WhenField } from '../../components/WhenField';
import { humanise } from '../../format';
import { spreadsheetSafeExporter } from '../../providers/exporter';
import { EmailStatusChip } from './EmailStatusChip';
import { RetryEmailButton } from './RetryEmailButton';
import { statusLabels, type EmailRecord } from './types';

const ERROR_PREVIEW = 80;

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Recipient" />,
  <SelectInput key="status" source="status" label="Status" choices={choicesOf(statusLabels)} alwaysOn />,
  ...dayRangeFilters('createdAt', 'Created from', 'Created until'),
];

const preview = (text: string | null) =>
  text && text.length > ERROR_PREVIEW ? `${text.slice(0, ERROR_PREVIEW)}…` : (text ?? '–');

/**
 * Every outgoing e-mail, the failed ones by default: refused for good by the mail server (a 5xx answer) or that
 * could not be rendered. Each opens with its error; Retry sends a failed one again.
 */
export function EmailList() {
  return (
    <List
      exporter={spreadsheetSafeExporter}
      filters={filters}
      filterDefaultValues={{ status: 'failed' }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      title="E-mails"
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="createdAt" label="Created" field={WhenField} />
        <DataTable.Col source="recipient" label="To" />
        <DataTable.Col label="Subject" disableSort>
          <FunctionField<EmailRecord>
            render={(r) => (r.subject === r.template ? humanise(r.template) : r.subject)}
          />
        </DataTable.Col>
        <DataTable.Col source="status" label="Status">
          <EmailStatusChip />
        </DataTable.Col>
        <DataTable.Col source="attempts" label="Attempts" />
        <DataTable.Col label="Last error" disableSort>
          <FunctionField<EmailRecord> render={(r) => preview(r.lastError)} />
        </DataTable.Col>
        <DataTable.Col label="Actions" disableSort>
          <RetryEmailButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
