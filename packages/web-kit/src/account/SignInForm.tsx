import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { serverMessage } from '../api/errors';
import type { User } from '../api/client';
import { SiteLink, useSiteNavigate } from '../components/SiteLink';
import { notify } from '../notify';
import { PasswordInput } from '../forms/PasswordInput';
import { SubmitButton } from '../forms/SubmitButton';
import { TextInput } from '../forms/TextInput';
import { submitting, validateWith } from '../forms/validate';
import { useLoginMutation } from './api';
import { loginForm, type LoginForm } from './schemas';
import { storeUser } from '../session/stored-user';
import { sitePaths } from '../site-paths';

/** The catalogue key of the 'Login Failed' text when the server gave none. */
export const LOGIN_FAILED_DEFAULT = 'auth:login.toast.failedMessage';

export interface SignInFormProps {
  submitLabel: string;
  /** the form's accessible name, when the page needs one */
  ariaLabel?: string;
  /** where the signed-in user goes, from the router state the page was opened with */
  destination: (user: User, state: unknown) => string;
}

/**
 * The account sign-in form (SPEC §2 /login; issue 16's partner sign-in too): e-mail and password, the forgotten
 * password link, then the user is stored, welcomed and sent to `destination` (in this app or, as a page
 * load, in the other).
 */
export function SignInForm({ submitLabel, ariaLabel, destination }: SignInFormProps) {
  const { t } = useTranslation('auth');
  const [login] = useLoginMutation();
  const navigate = useSiteNavigate();
  const location = useLocation();

  const onSubmit = (values: LoginForm) =>
    submitting(
      async () => {
        const user = await login({ email: values.email.trim(), password: values.password }).unwrap();
        storeUser(user);
        notify(
          t('login.toast.successTitle'),
          t('login.toast.successMessage', { name: user.firstName }),
          'success',
        );
        navigate(destination(user, location.state));
      },
      // A server's message is shown as it came (English for now).
      (error) =>
        notify(t('login.toast.failedTitle'), serverMessage(error) ?? t(LOGIN_FAILED_DEFAULT), 'error'),
    );

  return (
    <Form<LoginForm>
      onSubmit={onSubmit}
      validate={validateWith(loginForm)}
      render={({ handleSubmit, submitting: busy }) => (
        <form onSubmit={handleSubmit} noValidate aria-label={ariaLabel}>
          <TextInput name="email" label={t('fields.email')} type="email" autoComplete="email" required />
          <PasswordInput name="password" label={t('fields.password')} required />
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 2 }}>
            <Link component={SiteLink} to={sitePaths.forgotPassword}>
              {t('login.forgotPassword')}
            </Link>
          </Stack>
          <SubmitButton busy={busy} busyLabel={t('login.busy')} fullWidth>
            {submitLabel}
          </SubmitButton>
        </form>
      )}
    />
  );
}
