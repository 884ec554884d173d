import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useAuthProvider, useLocation, useNavigate } from 'react-admin';
import { errorMessage } from '../format';
import type { StaffAuthProvider } from '../providers/authProvider';

/** SECURITY S3 as the sign-up forms word it (SPEC §5 "Create password"); identity checks the rest of the policy. */
export const invitationMessages = {
  password: 'Password must be at least 8 characters',
  confirm: "Passwords don't match",
  incomplete: 'This invitation link is incomplete. Please open the link from your invitation e-mail again.',
} as const;

const PASSWORD_MAX = 128;

/**
 * `#/accept-invitation?token=…`, the link of the staff-invitation e-mail: the invited staff member chooses a
 * password (`POST /api/auth/accept-invitation`), then signs in and sets up their authenticator app.
 */
export function AcceptInvitationPage() {
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token') ?? '';
  const authProvider = useAuthProvider<StaffAuthProvider>();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const passwordProblem = password.length >= 8 ? null : invitationMessages.password;
  const confirmProblem = confirm === password ? null : invitationMessages.confirm;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (passwordProblem || confirmProblem || !authProvider) return;
    setBusy(true);
    setError(null);
    try {
      setDone(await authProvider.acceptInvitation(token, password));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

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
      <Card sx={{ mt: '6em', width: '100%', maxWidth: 440 }}>
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
            <Box component="form" onSubmit={submit} noValidate>
              <Typography variant="body2" sx={{ mt: 1 }}>
                Choose the password for your staff account. After signing in you will set up an authenticator
                app.
              </Typography>
              {error ? (
                <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                  {error}
                </Alert>
              ) : null}
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
                autoFocus
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
              <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={busy}>
                {busy ? 'Saving...' : 'Set password'}
              </Button>
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
