import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Form } from 'react-final-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import { FormPage } from '@tullab/web-kit/components/FormPage';
import { pause } from '../../components/pause';
import { CheckboxInput } from '@tullab/web-kit/forms/CheckboxInput';
import { SubmitButton } from '@tullab/web-kit/forms/SubmitButton';
import { TextInput } from '@tullab/web-kit/forms/TextInput';
import { validateWith } from '@tullab/web-kit/forms/validate';
import { signupForm, type SignupForm } from './schemas';
import { keptSignupData } from './signup-data';

/** SPEC §9: the pause before /create-password. */
export const SIGNUP_PAUSE_MS = 500;

/** SPEC §9: both marketing opt-ins start ticked. */
const blankSignup: SignupForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  emailMarketing: true,
  whatsappMarketing: true,
};

/**
 * SPEC §2 /signup: the details are kept in the browser (nothing is sent yet) and the password is asked next. Coming
 * back from /create-password finds the form as it was left.
 */
export function SignupPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const initialValues = useMemo(() => keptSignupData.read() ?? blankSignup, []);

  const onSubmit = async (values: SignupForm) => {
    keptSignupData.write(signupForm.parse(values));
    await pause(SIGNUP_PAUSE_MS);
    navigate(paths.createPassword);
  };

  return (
    <FormPage
      title={t('signup.title')}
      documentTitle={t('signup.documentTitle')}
      subtitle={t('signup.subtitle')}
    >
      <Form<SignupForm>
        onSubmit={onSubmit}
        initialValues={initialValues}
        validate={validateWith(signupForm)}
        render={({ handleSubmit, submitting: busy }) => (
          <form onSubmit={handleSubmit} noValidate>
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
              <TextInput name="firstName" label={t('fields.firstName')} autoComplete="given-name" required />
              <TextInput name="lastName" label={t('fields.lastName')} autoComplete="family-name" required />
            </Stack>
            <TextInput
              name="email"
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              helperText={t('signup.emailHelp')}
              required
            />
            <TextInput
              name="phone"
              label={t('fields.phone')}
              type="tel"
              autoComplete="tel"
              placeholder={t('fields.phoneExample')}
              required
            />
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
              <Typography component="legend" variant="body2" sx={{ fontWeight: 600 }}>
                {t('signup.marketing.legend')}
              </Typography>
              <Stack>
                <CheckboxInput name="emailMarketing" label={t('signup.marketing.email')} />
                <CheckboxInput name="whatsappMarketing" label={t('signup.marketing.whatsapp')} />
              </Stack>
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ my: 2 }}>
              <Trans
                t={t}
                i18nKey="signup.agreement"
                components={{
                  terms: <Link component={RouterLink} to={paths.termsOfService} />,
                  privacy: <Link component={RouterLink} to={paths.privacyPolicy} />,
                }}
              />
            </Typography>
            <SubmitButton busy={busy} busyLabel={t('signup.busy')} fullWidth>
              {t('signup.submit')}
            </SubmitButton>
          </form>
        )}
      />
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        {t('signup.haveAccount')}{' '}
        <Link component={RouterLink} to={paths.login}>
          {t('signup.logIn')}
        </Link>
      </Typography>
    </FormPage>
  );
}
