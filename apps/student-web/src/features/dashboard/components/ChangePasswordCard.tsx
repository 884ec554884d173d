import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-final-form';
import { serverMessage } from '@tullab/web-kit/api/errors';
import { notify } from '@tullab/web-kit/notify';
import { PasswordInput } from '@tullab/web-kit/forms/PasswordInput';
import { SubmitButton } from '@tullab/web-kit/forms/SubmitButton';
import { submitting } from '@tullab/web-kit/forms/validate';
import { useChangePasswordMutation } from '../api';
import { passwordChangeProblem, type PasswordChangeValues } from '../password-change';
import { DashboardCard } from './DashboardCard';

/** SPEC §2 dashboard: Change Password, collapsed until asked for; SPEC §5/§8 rules and toasts. */
export function ChangePasswordCard() {
  const { t } = useTranslation('dashboard');
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
        notify(t('password.changedTitle'), t('password.changed'), 'success');
        setOpen(false);
      },
      (error) => notify(t('password.failedTitle'), serverMessage(error) ?? t('password.failed'), 'error'),
    );
  };

  return (
    <DashboardCard
      title={t('password.title')}
      icon={<LockOutlined />}
      description={t('password.description')}
    >
      {open ? null : (
        <Button variant="outlined" onClick={() => setOpen(true)}>
          {t('password.open')}
        </Button>
      )}
      <Collapse in={open} unmountOnExit>
        <Form<PasswordChangeValues>
          onSubmit={onSubmit}
          render={({ handleSubmit, submitting: busy }) => (
            <form onSubmit={handleSubmit} noValidate>
              <PasswordInput
                name="currentPassword"
                label={t('password.current')}
                autoComplete="current-password"
                autoFocus
              />
              <PasswordInput name="newPassword" label={t('password.new')} autoComplete="new-password" />
              <PasswordInput
                name="confirmPassword"
                label={t('password.confirm')}
                autoComplete="new-password"
              />
              <Stack direction="row" sx={{ gap: 2, mt: 1 }}>
                <SubmitButton busy={busy} busyLabel={t('password.submitting')}>
                  {t('password.submit')}
                </SubmitButton>
                <Button variant="outlined" color="inherit" onClick={() => setOpen(false)} disabled={busy}>
                  {t('password.cancel')}
                </Button>
              </Stack>
            </form>
          )}
        />
      </Collapse>
    </DashboardCard>
  );
}
