import type { SubmissionErrors } from 'final-form';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from '../forms/PasswordInput';
import { SubmitButton } from '../forms/SubmitButton';
import { validateWith } from '../forms/validate';
import { createPasswordForm, type CreatePasswordForm } from './schemas';

export interface NewPasswordFormProps {
  /** the server call, as `submitting` runs it (the server's per-field messages go back to the fields) */
  onSubmit: (values: CreatePasswordForm) => Promise<SubmissionErrors | undefined>;
  submitLabel: string;
  busyLabel: string;
  /** the form's accessible name, when the page needs one */
  ariaLabel?: string;
}

/**
 * Choosing a password (the registration's rules): the password and its confirmation (SPEC §2 /create-password; issue
 * 16's merchant invitation too).
 */
export function NewPasswordForm({ onSubmit, submitLabel, busyLabel, ariaLabel }: NewPasswordFormProps) {
  const { t } = useTranslation('auth');
  return (
    <Form<CreatePasswordForm>
      onSubmit={onSubmit}
      validate={validateWith(createPasswordForm)}
      render={({ handleSubmit, submitting: busy }) => (
        <form onSubmit={handleSubmit} noValidate aria-label={ariaLabel}>
          <PasswordInput
            name="password"
            label={t('fields.password')}
            autoComplete="new-password"
            helperText={t('createPassword.passwordHelp')}
            required
          />
          <PasswordInput
            name="confirmPassword"
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            required
          />
          <SubmitButton busy={busy} busyLabel={busyLabel} fullWidth sx={{ mt: 2 }}>
            {submitLabel}
          </SubmitButton>
        </form>
      )}
    />
  );
}
