import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Form } from 'react-final-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import { FormPage } from '../../components/FormPage';
import { pause } from '../../components/pause';
import { CheckboxInput } from '../../components/forms/CheckboxInput';
import { SubmitButton } from '../../components/forms/SubmitButton';
import { TextInput } from '../../components/forms/TextInput';
import { validateWith } from '../../components/forms/validate';
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
  const navigate = useNavigate();
  const initialValues = useMemo(() => keptSignupData.read() ?? blankSignup, []);

  const onSubmit = async (values: SignupForm) => {
    keptSignupData.write(signupForm.parse(values));
    await pause(SIGNUP_PAUSE_MS);
    navigate(paths.createPassword);
  };

  return (
    <FormPage
      title="Create Your Student Account"
      documentTitle="Sign up"
      subtitle="Join Tullab to unlock exclusive student discounts"
    >
      <Form<SignupForm>
        onSubmit={onSubmit}
        initialValues={initialValues}
        validate={validateWith(signupForm)}
        render={({ handleSubmit, submitting: busy }) => (
          <form onSubmit={handleSubmit} noValidate>
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
              <TextInput name="firstName" label="First Name" autoComplete="given-name" required />
              <TextInput name="lastName" label="Last Name" autoComplete="family-name" required />
            </Stack>
            <TextInput
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              helperText="You will use this email to log in"
              required
            />
            <TextInput
              name="phone"
              label="Phone Number"
              type="tel"
              autoComplete="tel"
              placeholder="+971 50 123 4567"
              required
            />
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
              <Typography component="legend" variant="body2" sx={{ fontWeight: 600 }}>
                Stay in the loop
              </Typography>
              <Stack>
                <CheckboxInput name="emailMarketing" label="Send me student offers and news by email" />
                <CheckboxInput name="whatsappMarketing" label="Send me student offers on WhatsApp" />
              </Stack>
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ my: 2 }}>
              By continuing you agree to our{' '}
              <Link component={RouterLink} to={paths.termsOfService}>
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link component={RouterLink} to={paths.privacyPolicy}>
                Privacy Policy
              </Link>
              .
            </Typography>
            <SubmitButton busy={busy} busyLabel="Creating account..." fullWidth>
              Continue
            </SubmitButton>
          </form>
        )}
      />
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to={paths.login}>
          Log in
        </Link>
      </Typography>
    </FormPage>
  );
}
