import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** SPEC §4 "Verification status (header)". */
export const NOT_VERIFIED_TITLE = 'Account Not Verified';
export const NOT_VERIFIED_TEXT = 'Complete verification to access offers';

/** The yellow 'Account Not Verified' notice, in the Account menu and the mobile panel. */
export function NotVerifiedNotice() {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', whiteSpace: 'normal' }}>
      <WarningAmberRounded sx={{ color: '#8A6D00', mt: 0.25 }} fontSize="small" aria-hidden="true" />
      <Box>
        <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 700 }}>
          {NOT_VERIFIED_TITLE}
        </Typography>
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {NOT_VERIFIED_TEXT}
        </Typography>
      </Box>
    </Box>
  );
}

export const fullNameOf = (user: { firstName: string; lastName: string }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ');
