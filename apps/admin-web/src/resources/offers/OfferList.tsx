import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import {
  DataTable,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SelectArrayInput,
  SelectInput,
} from 'react-admin';
import { choicesOf } from '../../choices';
import { StatusChip } from '../../components/StatusChip';
import { DayField } from '../../components/WhenField';
import { BrandLogo } from '@tullab/ui';
import { categoryLabels, offerStatusLabels, offerTypeLabels, type OfferRecord } from './types';
import { spreadsheetSafeExporter } from '../../providers/exporter';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Title or brand" />,
  <SelectArrayInput
    key="status"
    source="status"
    label="Status"
    choices={choicesOf(offerStatusLabels)}
    alwaysOn
  />,
  <SelectInput
    key="businessCategory"
    source="businessCategory"
    label="Category"
    choices={choicesOf(categoryLabels)}
  />,
  <SelectInput key="offerType" source="offerType" label="Type" choices={choicesOf(offerTypeLabels)} />,
];

/** Codes left in the pool, with a warning when it runs low; referral offers and offers without a pool have none. */
export function CodesLeft({ record }: { record: OfferRecord }) {
  if (record.offerType === 'referral' || record.codesTotal === 0) return <>–</>;
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        color: record.lowPool ? 'warning.dark' : undefined,
      }}
    >
      {record.lowPool ? <WarningAmberIcon fontSize="small" titleAccess="Running low" /> : null}
      {record.codesLeft} of {record.codesTotal}
    </Box>
  );
}

export function OfferList() {
  return (
    <List
      exporter={spreadsheetSafeExporter}
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col label="Logo" disableSort>
          <FunctionField<OfferRecord>
            render={(r) => <BrandLogo name={r.brandName} src={r.logoUrl} size={36} />}
          />
        </DataTable.Col>
        <DataTable.Col source="title" label="Title" />
        <DataTable.Col source="brandName" label="Brand" />
        <DataTable.Col source="businessCategory" label="Category">
          <FunctionField<OfferRecord>
            render={(r) => categoryLabels[r.businessCategory] ?? r.businessCategory}
          />
        </DataTable.Col>
        <DataTable.Col source="status" label="Status">
          <StatusChip source="status" labels={offerStatusLabels} />
        </DataTable.Col>
        <DataTable.Col source="currentUses" label="Uses" field={NumberField} />
        <DataTable.Col label="Codes left" disableSort>
          <FunctionField<OfferRecord> render={(r) => <CodesLeft record={r} />} />
        </DataTable.Col>
        <DataTable.Col source="expiresAt" label="Valid until" field={DayField} />
      </DataTable>
    </List>
  );
}
