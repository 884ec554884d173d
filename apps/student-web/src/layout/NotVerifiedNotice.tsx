import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The yellow 'Account Not Verified' notice (SPEC §4 "Verification status (header)"), in the Account menu and the mobile panel. */
export function NotVerifiedNotice() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', whiteSpace: 'normal' }}>
      <WarningAmberRounded sx={{ color: '#8A6D00', mt: 0.25 }} fontSize="small" aria-hidden="true" />
      <Box>
        <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 700 }}>
          {t('notVerified.title')}
        </Typography>
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {t('notVerified.text')}
        </Typography>
      </Box>
    </Box>
  );
}

export const fullNameOf = (user: { firstName: string; lastName: string }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ');
