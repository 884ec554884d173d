import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useAuthProvider, useLocation, useNavigate } from 'react-admin';
import { LoadState } from '../components/LoadState';
import { errorMessage } from '../format';
import { useLoaded } from '../hooks/use-loaded';
import type { Enrolment, StaffAuthProvider } from '../providers/authProvider';
import { CODE_LENGTH, CodeField } from './CodeField';
import { AuthenticatorKey } from './EnrolmentInstructions';

/** SECURITY S3 as the sign-up forms word it (SPEC §5 "Create password"); identity checks the rest of the policy. */
export const invitationMessages = {
  password: 'Password must be at least 8 characters',
  confirm: "Passwords don't match",
  incomplete: 'This invitation link is incomplete. Please open the link from your invitation e-mail again.',
} as const;

const PASSWORD_MAX = 128;

/**
 * `#/accept-invitation?token=…`, the link of the staff-invitation e-mail: the invited staff member sets up their
 * authenticator app with the key shown (`POST /api/auth/accept-invitation/enrollment`), then chooses a password and
 * confirms the app with its code, together (`POST /api/auth/accept-invitation`, S37). Signing in then asks for the
 * password and a code.
 */
export function AcceptInvitationPage() {
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const navigate = useNavigate();

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'flex-start',
        bgcolor: '#0B2E1F',
      }}
    >
      <Card sx={{ my: '6em', width: '100%', maxWidth: 440 }}>
        <CardContent sx={{ p: 4 }}>
          <Typography component="h1" variant="h5" align="center" sx={{ fontWeight: 700 }}>
            Tullab staff console
          </Typography>
          <Typography component="h2" variant="subtitle1" align="center" color="text.secondary" gutterBottom>
            Accept your invitation
          </Typography>
          {!token ? (
            <Alert severity="error">{invitationMessages.incomplete}</Alert>
          ) : done ? (
            <>
              <Alert severity="success" role="status">
                {done}
              </Alert>
              <Button variant="contained" fullWidth sx={{ mt: 2 }} onClick={() => navigate('/login')}>
                Go to sign in
              </Button>
            </>
          ) : (
            <InvitationForm token={token} onAccepted={setDone} />
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

/** The invitation's authenticator key (the same on a reload), then the form; an invalid link shows why instead. */
function InvitationForm({ token, onAccepted }: { token: string; onAccepted: (message: string) => void }) {
  const authProvider = useAuthProvider<StaffAuthProvider>();
  const enrolment = useLoaded(
    `invitation-enrolment:${token}`,
    async () => {
      if (!authProvider) throw new Error('No auth provider');
      return authProvider.startInvitationEnrolment(token);
    },
    { followActions: false },
  );
  return (
    <Box sx={{ mt: 1 }}>
      <LoadState loaded={enrolment} label="Preparing your authenticator set-up" height={320}>
        {(loaded) => <PasswordAndCode token={token} enrolment={loaded} onAccepted={onAccepted} />}
      </LoadState>
    </Box>
  );
}

function PasswordAndCode({
  token,
  enrolment,
  onAccepted,
}: {
  token: string;
  enrolment: Enrolment;
  onAccepted: (message: string) => void;
}) {
  const authProvider = useAuthProvider<StaffAuthProvider>();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const passwordProblem = password.length >= 8 ? null : invitationMessages.password;
  const confirmProblem = confirm === password ? null : invitationMessages.confirm;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (passwordProblem || confirmProblem || code.length !== CODE_LENGTH || !authProvider) return;
    setBusy(true);
    setError(null);
    try {
      onAccepted(await authProvider.acceptInvitation(token, password, code));
    } catch (failure) {
      // a code is worth one try: the next one comes from the app
      setCode('');
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <AuthenticatorKey enrolment={enrolment} />
      {error ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {error}
        </Alert>
      ) : null}
      <Typography variant="body2" sx={{ mt: 2 }}>
        Choose the password for your staff account: signing in asks for it and for a code from the app.
      </Typography>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={touched && !!passwordProblem}
        helperText={touched ? passwordProblem : null}
        slotProps={{ htmlInput: { maxLength: PASSWORD_MAX } }}
        fullWidth
        margin="normal"
        required
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
        error={touched && !!confirmProblem}
        helperText={touched ? confirmProblem : null}
        slotProps={{ htmlInput: { maxLength: PASSWORD_MAX } }}
        fullWidth
        margin="normal"
        required
      />
      <CodeField value={code} onChange={setCode} disabled={busy} autoFocus={false} />
      <Button
        type="submit"
        variant="contained"
        fullWidth
        sx={{ mt: 2 }}
        disabled={busy || code.length !== CODE_LENGTH}
      >
        {busy ? 'Saving...' : 'Accept invitation'}
      </Button>
    </Box>
  );
}
