import {
  Create,
  email,
  minLength,
  PasswordInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  useNotify,
  useRedirect,
  type RaRecord,
} from 'react-admin';
import { choicesOf } from '../../choices';
import { roleLabels, staffMessages } from './types';

const nameRules = (message: string) => [required(message), minLength(2, message)];

/**
 * Invites a staff member (`POST /api/admin/staff`): the admin confirms with their own password (S37, as for a role
 * change: an invitation grants a console role), identity creates the account without a password or second factor
 * and e-mails a link to `#/accept-invitation`, valid 72 hours, where the new member sets up both.
 */
export function StaffCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title="Invite staff"
      mutationOptions={{
        onSuccess: (record: RaRecord) => {
          notify(`Invitation sent to ${record.email}`, { type: 'success' });
          redirect('list', 'staff');
        },
      }}
      transform={(data: Record<string, unknown>) => ({
        email: data.email,
        firstName: data.firstName,
        lastName: data.lastName,
        role: data.role,
        currentPassword: data.currentPassword,
      })}
    >
      <SimpleForm defaultValues={{ role: 'staff' }} noValidate>
        <TextInput
          source="email"
          label="E-mail"
          type="email"
          validate={[required(staffMessages.email), email(staffMessages.email)]}
        />
        <TextInput source="firstName" label="First name" validate={nameRules(staffMessages.firstName)} />
        <TextInput source="lastName" label="Last name" validate={nameRules(staffMessages.lastName)} />
        <SelectInput
          source="role"
          label="Role"
          choices={choicesOf(roleLabels)}
          validate={required(staffMessages.role)}
          helperText="Admins can also invite staff and change roles."
        />
        <PasswordInput
          source="currentPassword"
          label="Your password"
          helperText="To confirm an invitation, enter your own password."
          autoComplete="current-password"
          validate={required(staffMessages.currentPassword)}
        />
      </SimpleForm>
    </Create>
  );
}
