import { DataTable, FunctionField, SearchInput, SelectInput } from 'react-admin';
import { choicesOf } from '../../choices';
import { QueueList, statusFilter } from '../../components/QueueList';
import { StatusChip } from '../../components/StatusChip';
import { WhenField } from '../../components/WhenField';
import { BrandLogo } from '@tullab/ui';
import { categoryLabels, offerTypeLabels } from '../offers/types';
import { applicationStatusLabels, type ApplicationRecord } from './types';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Brand or contact" />,
  statusFilter(applicationStatusLabels),
  <SelectInput
    key="brandCategory"
    source="brandCategory"
    label="Category"
    choices={choicesOf(categoryLabels)}
  />,
  <SelectInput key="offerType" source="offerType" label="Type" choices={choicesOf(offerTypeLabels)} />,
];

/** Brands asking to list an offer, pending ones first in the order they came. */
export function ApplicationList() {
  return (
    <QueueList filters={filters}>
      <DataTable.Col source="createdAt" label="Received" field={WhenField} />
      <DataTable.Col label="Logo" disableSort>
        <FunctionField<ApplicationRecord>
          render={(r) => <BrandLogo name={r.brandName} src={r.logoUrl} size={36} />}
        />
      </DataTable.Col>
      <DataTable.Col source="brandName" label="Brand" />
      <DataTable.Col label="Category" disableSort>
        <FunctionField<ApplicationRecord>
          render={(r) => categoryLabels[r.brandCategory] ?? r.brandCategory}
        />
      </DataTable.Col>
      <DataTable.Col label="Type" disableSort>
        <FunctionField<ApplicationRecord> render={(r) => offerTypeLabels[r.offerType]} />
      </DataTable.Col>
      <DataTable.Col label="Contact" disableSort>
        <FunctionField<ApplicationRecord> render={(r) => `${r.contactName} (${r.contactEmail})`} />
      </DataTable.Col>
      <DataTable.Col source="status" label="Status">
        <StatusChip source="status" labels={applicationStatusLabels} />
      </DataTable.Col>
      <DataTable.Col source="decidedAt" label="Decided" field={WhenField} />
    </QueueList>
  );
}
