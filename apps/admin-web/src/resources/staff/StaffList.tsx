import {
  BooleanField,
  CreateButton,
  DataTable,
  EditButton,
  FunctionField,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectArrayInput,
  TopToolbar,
} from 'react-admin';
import { choicesOf } from '../../choices';
import { AccountButtons } from '../../components/AccountButtons';
import { WhenField } from '../../components/WhenField';
import { roleLabels, type StaffRecord } from './types';
import { spreadsheetSafeExporter } from '../../providers/exporter';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name or e-mail" />,
  <SelectArrayInput key="role" source="role" label="Role" choices={choicesOf(roleLabels)} alwaysOn />,
  <NullableBooleanInput key="disabled" source="disabled" label="Disabled" />,
];

/** The console's users (admins only): who they are, whether they finished setting up, and the account actions. */
export function StaffList() {
  return (
    <List
      exporter={spreadsheetSafeExporter}
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      actions={
        <TopToolbar>
          <CreateButton label="Invite staff" />
        </TopToolbar>
      }
    >
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="lastName" label="Name">
          <FunctionField<StaffRecord> render={(r) => `${r.firstName} ${r.lastName}`} />
        </DataTable.Col>
        <DataTable.Col source="email" label="E-mail" />
        <DataTable.Col source="role" label="Role">
          <FunctionField<StaffRecord> render={(r) => roleLabels[r.role] ?? r.role} />
        </DataTable.Col>
        <DataTable.Col label="Status" disableSort>
          <FunctionField<StaffRecord>
            render={(r) =>
              r.invitationPending ? 'Invited' : r.mfaEnrolled ? 'Set up' : 'No authenticator yet'
            }
          />
        </DataTable.Col>
        <DataTable.Col source="disabled" label="Disabled" disableSort field={BooleanField} />
        <DataTable.Col source="lastSeenAt" label="Last seen" disableSort field={WhenField} />
        <DataTable.Col source="createdAt" label="Added" field={WhenField} />
        <DataTable.Col label="Actions" disableSort>
          <EditButton label="Change role" />
          <AccountButtons />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
