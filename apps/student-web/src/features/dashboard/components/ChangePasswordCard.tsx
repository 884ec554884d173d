import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { serverMessage } from '../../../app/api';
import { notify } from '../../../app/notify';
import { PasswordInput } from '../../../components/forms/PasswordInput';
import { SubmitButton } from '../../../components/forms/SubmitButton';
import { submitting } from '../../../components/forms/validate';
import { useChangePasswordMutation } from '../api';
import { passwordChangeProblem, type PasswordChangeValues } from '../password-change';
import { DashboardCard } from './DashboardCard';

export const PASSWORD_CHANGE_FAILED_DEFAULT = 'Failed to change password. Please try again.';

/** SPEC §2 dashboard: Change Password, collapsed until asked for; SPEC §5/§8 rules and toasts. */
export function ChangePasswordCard() {
  const [open, setOpen] = useState(false);
  const [changePassword] = useChangePasswordMutation();

  const onSubmit = async (values: PasswordChangeValues) => {
    const problem = passwordChangeProblem(values);
    if (problem) {
      notify(problem.title, problem.message, 'error');
      return undefined;
    }
    return submitting(
      async () => {
        await changePassword({
          currentPassword: values.currentPassword ?? '',
          newPassword: values.newPassword ?? '',
        }).unwrap();
        notify('Password Changed', 'Your password has been changed successfully.', 'success');
        setOpen(false);
      },
      (error) =>
        notify('Password Change Failed', serverMessage(error) ?? PASSWORD_CHANGE_FAILED_DEFAULT, 'error'),
    );
  };

  return (
    <DashboardCard
      title="Change Password"
      icon={<LockOutlined />}
      description="Update your account password."
    >
      {open ? null : (
        <Button variant="outlined" onClick={() => setOpen(true)}>
          Change Password
        </Button>
      )}
      <Collapse in={open} unmountOnExit>
        <Form<PasswordChangeValues>
          onSubmit={onSubmit}
          render={({ handleSubmit, submitting: busy }) => (
            <form onSubmit={handleSubmit} noValidate>
              <PasswordInput
                name="currentPassword"
                label="Current Password"
                autoComplete="current-password"
                autoFocus
              />
              <PasswordInput name="newPassword" label="New Password" autoComplete="new-password" />
              <PasswordInput
                name="confirmPassword"
                label="Confirm New Password"
                autoComplete="new-password"
              />
              <Stack direction="row" sx={{ gap: 2, mt: 1 }}>
                <SubmitButton busy={busy} busyLabel="Updating...">
                  Update Password
                </SubmitButton>
                <Button variant="outlined" color="inherit" onClick={() => setOpen(false)} disabled={busy}>
                  Cancel
                </Button>
              </Stack>
            </form>
          )}
        />
      </Collapse>
    </DashboardCard>
  );
}
