import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useAuthProvider } from 'react-admin';
import { LoadState } from '../components/LoadState';
import { useLoaded } from '../hooks/use-loaded';
import type { Enrolment, StaffAuthProvider } from '../providers/authProvider';

/** 'JBSWY3DPEHPK3PXP' → 'JBSW Y3DP EHPK 3PXP': the manual key in groups, easier to type into an app. */
export const groupKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** A new authenticator key as a QR code and as text (S37), with what to do with it. */
export function AuthenticatorKey({ enrolment: { qrCode, secret } }: { enrolment: Enrolment }) {
  return (
    <>
      <Typography variant="body2" gutterBottom>
        Your account needs a second factor. Scan this QR code with an authenticator app (Google Authenticator,
        Microsoft Authenticator, 1Password, …), then enter the code it shows.
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center', my: 1 }}>
        <img src={qrCode} alt="QR code to add Tullab to your authenticator app" width={200} height={200} />
      </Box>
      <Typography variant="body2">Can’t scan it? Enter this key in the app instead:</Typography>
      <Typography
        component="code"
        sx={{
          display: 'block',
          mt: 0.5,
          p: 1,
          bgcolor: '#EEF5F1',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: '1.05rem',
          textAlign: 'center',
          wordBreak: 'break-all',
        }}
      >
        {groupKey(secret)}
      </Typography>
    </>
  );
}

/**
 * A first staff sign-in that may set up the authenticator there (the first admin, or after a reset): the new key.
 * Identity answers the same key for the same sign-in, so a reload does not invalidate a code already scanned.
 */
export function EnrolmentInstructions() {
  const authProvider = useAuthProvider<StaffAuthProvider>();
  const enrolment = useLoaded('mfa-enrolment', async () => {
    if (!authProvider) throw new Error('No auth provider');
    return authProvider.startEnrolment();
  });

  return (
    <Box sx={{ my: 2 }}>
      <LoadState loaded={enrolment} label="Preparing your authenticator set-up" height={260}>
        {(loaded) => <AuthenticatorKey enrolment={loaded} />}
      </LoadState>
    </Box>
  );
}
