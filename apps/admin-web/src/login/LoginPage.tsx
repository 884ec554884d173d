import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Login, useAuthProvider, useLogin } from 'react-admin';
import { errorMessage } from '../format';
import type { SecondFactorStep, StaffAuthProvider } from '../providers/authProvider';
import { EnrolmentInstructions } from './EnrolmentInstructions';
import { CODE_LENGTH, CodeField } from './CodeField';

export const loginMessages = {
  email: 'Please enter a valid email address',
  password: 'Password must be at least 8 characters',
  restart: 'Your sign-in has expired. Please sign in again.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** password → (enrol →) code; enrolment is only for a staff member's first sign-in. */
type Step = 'password' | 'enrol' | 'code';

const titles: Record<Step, string> = {
  password: 'Sign in',
  enrol: 'Set up two-factor authentication',
  code: 'Two-factor authentication',
};

/** The console's sign-in (S37): e-mail and password, then the 6-digit code of the staff member's authenticator app. */
export function LoginPage() {
  return (
    <Login
      sx={{
        backgroundImage: 'radial-gradient(circle at 50% 14em, #2E7D5B 0%, #0B2E1F 60%, #0B2E1F 100%)',
        '& .RaLogin-card': { width: '100%', maxWidth: 440 },
      }}
    >
      <StaffLoginForm />
    </Login>
  );
}

function StaffLoginForm() {
  const login = useLogin();
  const authProvider = useAuthProvider<StaffAuthProvider>();
  const [step, setStep] = useState<Step>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  // a signed-in student sent here by the auth check is told why
  const [error, setError] = useState<string | null>(() => authProvider?.refusal() ?? null);
  const [busy, setBusy] = useState(false);

  const emailProblem = EMAIL.test(email.trim()) ? null : loginMessages.email;
  const passwordProblem = password.length >= 8 ? null : loginMessages.password;

  const restart = (message: string | null) => {
    setStep('password');
    setPassword('');
    setCode('');
    setTouched(false);
    setError(message);
  };

  /** Runs one step's call with the busy state and its error shown above the form. */
  const attempt = async (call: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (failure) {
      const status = (failure as { status?: number }).status;
      // The `mfa` challenge ended (too old, too many wrong codes): only a new password step helps.
      if (step !== 'password' && status === 401) restart(errorMessage(failure, loginMessages.restart));
      else setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (emailProblem || passwordProblem) return;
    void attempt(async () => {
      const next = (await login({ email: email.trim(), password })) as SecondFactorStep | undefined;
      if (next?.mfaRequired) {
        setPassword('');
        setStep(next.enrolled ? 'code' : 'enrol');
      }
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== CODE_LENGTH) return;
    void attempt(async () => {
      try {
        await login({ code });
      } finally {
        setCode('');
      }
    });
  };

  return (
    <CardContent sx={{ px: 4, pb: 4 }}>
      <Typography component="h1" variant="h5" align="center" sx={{ fontWeight: 700 }}>
        Tullab staff console
      </Typography>
      <Typography component="h2" variant="subtitle1" align="center" color="text.secondary" gutterBottom>
        {titles[step]}
      </Typography>
      {error ? (
        <Alert severity="error" role="alert" sx={{ my: 2 }}>
          {error}
        </Alert>
      ) : null}

      {step === 'password' ? (
        <Box component="form" onSubmit={submitPassword} noValidate>
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={touched && !!emailProblem}
            helperText={touched ? emailProblem : null}
            fullWidth
            margin="normal"
            required
            autoFocus
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={touched && !!passwordProblem}
            helperText={touched ? passwordProblem : null}
            fullWidth
            margin="normal"
            required
          />
          <SubmitButton busy={busy} busyLabel="Signing in...">
            Sign in
          </SubmitButton>
        </Box>
      ) : (
        <Box component="form" onSubmit={submitCode} noValidate>
          {step === 'enrol' ? <EnrolmentInstructions /> : null}
          <CodeField value={code} onChange={setCode} disabled={busy} />
          <SubmitButton busy={busy} busyLabel="Verifying..." disabled={code.length !== CODE_LENGTH}>
            Verify
          </SubmitButton>
          <Button fullWidth sx={{ mt: 1 }} onClick={() => restart(null)} disabled={busy}>
            Back to sign in
          </Button>
        </Box>
      )}
    </CardContent>
  );
}

function SubmitButton({
  busy,
  busyLabel,
  disabled = false,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={busy || disabled}>
      {busy ? busyLabel : children}
    </Button>
  );
}
