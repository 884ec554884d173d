import type { ReactElement, ReactNode } from 'react';
import { DataTable, List, SelectArrayInput, type ListProps } from 'react-admin';
import { choicesOf } from '../choices';
import { spreadsheetSafeExporter } from '../providers/exporter';

export interface QueueListProps extends Omit<ListProps, 'children' | 'filters'> {
  filters: ReactElement[];
  /** the status that waits for staff, filtered on by default */
  waiting?: string;
  /** shown above the table */
  header?: ReactNode;
  /** the table's columns */
  children: ReactNode;
}

/**
 * A queue staff work through: the records that wait first, oldest first, each row opening the record; exported as
 * spreadsheet-safe CSV.
 */
export function QueueList({ filters, waiting = 'pending', header, children, ...listProps }: QueueListProps) {
  return (
    <List
      exporter={spreadsheetSafeExporter}
      filters={filters}
      filterDefaultValues={{ status: [waiting] }}
      sort={{ field: 'createdAt', order: 'ASC' }}
      {...listProps}
    >
      {header}
      <DataTable rowClick="show" bulkActionButtons={false}>
        {children}
      </DataTable>
    </List>
  );
}

/** A queue's status filter, always shown (several statuses may be picked). */
export const statusFilter = (labels: Record<string, string>) => (
  <SelectArrayInput key="status" source="status" label="Status" choices={choicesOf(labels)} alwaysOn />
);
