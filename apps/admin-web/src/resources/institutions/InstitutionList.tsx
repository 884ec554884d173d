import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import {
  BooleanField,
  CreateButton,
  DataTable,
  FunctionField,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  TopToolbar,
} from 'react-admin';
import { WhenField } from '../../components/WhenField';
import { emirates, type InstitutionRecord } from './types';
import { spreadsheetSafeExporter } from '../../providers/exporter';

const SHOWN_DOMAINS = 3;

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name" />,
  <NullableBooleanInput key="active" source="active" label="Active" />,
  <SelectInput
    key="emirate"
    source="emirate"
    label="Emirate"
    choices={emirates.map((name) => ({ id: name, name }))}
  />,
];

/** The first few domains as chips, then how many more. */
function Domains({ record }: { record: InstitutionRecord }) {
  const more = record.domains.length - SHOWN_DOMAINS;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {record.domains.slice(0, SHOWN_DOMAINS).map((d) => (
        <Chip key={d.domain} size="small" variant="outlined" label={d.domain} />
      ))}
      {more > 0 ? <Chip size="small" label={`+${more} more`} /> : null}
    </Stack>
  );
}

export function InstitutionList() {
  return (
    <List
      exporter={spreadsheetSafeExporter}
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      actions={
        <TopToolbar>
          <CreateButton label="Add institution" />
        </TopToolbar>
      }
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" label="Name" />
        <DataTable.Col source="emirate" label="Emirate" disableSort />
        <DataTable.Col source="city" label="City" disableSort />
        <DataTable.Col label="Domains" disableSort>
          <FunctionField<InstitutionRecord> render={(record) => <Domains record={record} />} />
        </DataTable.Col>
        <DataTable.Col source="active" label="Active" disableSort field={BooleanField} />
        <DataTable.Col source="createdAt" label="Added" field={WhenField} />
      </DataTable>
    </List>
  );
}
