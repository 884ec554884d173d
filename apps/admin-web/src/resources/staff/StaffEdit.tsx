import {
  Edit,
  PasswordInput,
  RecordField,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  Toolbar,
  useRecordContext,
} from 'react-admin';
import { choicesOf } from '../../choices';
import { roleLabels, staffMessages, type StaffRecord } from './types';

function StaffTitle() {
  const record = useRecordContext<StaffRecord>();
  return <>{record ? `Role of ${record.firstName} ${record.lastName}` : 'Role'}</>;
}

/**
 * Changes a staff member's role (`PUT /api/admin/staff/:id { role, currentPassword }`): the admin confirms with their
 * own password (S37, re-authentication before role grants), and only those two fields are sent. The staff member's
 * sessions end, so the new role applies at their next sign-in.
 */
export function StaffEdit() {
  return (
    <Edit
      title={<StaffTitle />}
      mutationMode="pessimistic"
      redirect="list"
      transform={(data: Record<string, unknown>) => ({
        role: data.role,
        currentPassword: data.currentPassword,
      })}
    >
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton label="Change role" />
          </Toolbar>
        }
      >
        <RecordField label="Name" render={(r: StaffRecord) => `${r.firstName} ${r.lastName} (${r.email})`} />
        <SelectInput
          source="role"
          label="Role"
          choices={choicesOf(roleLabels)}
          validate={required(staffMessages.role)}
        />
        <PasswordInput
          source="currentPassword"
          label="Your password"
          helperText="To confirm a role change, enter your own password."
          autoComplete="current-password"
          validate={required(staffMessages.currentPassword)}
        />
      </SimpleForm>
    </Edit>
  );
}
