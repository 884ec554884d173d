import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { screenReaderOnly } from '@tullab/web-kit/components/screen-reader-only';
import { paths } from '../../../app/paths';
import { CONNECT_NAMESPACE } from '../namespace';

/**
 * Tells a student who is not verified what the app would learn, and offers the verification in a new tab, so that
 * this request (10 minutes) stays open; "check again" asks for the details once they are done.
 */
export function NotVerifiedNotice({
  app,
  checking,
  onCheckAgain,
}: {
  app: string;
  checking: boolean;
  onCheckAgain: () => void;
}) {
  const { t } = useTranslation(CONNECT_NAMESPACE);
  return (
    <Alert severity="warning" sx={{ mb: 3 }}>
      <AlertTitle>{t('unverified.title')}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {t('unverified.text', { app })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
        <Button
          component="a"
          href={paths.studentVerification}
          target="_blank"
          rel="noopener noreferrer"
          variant="outlined"
          color="inherit"
          size="small"
        >
          {t('unverified.verify')}
          <Box component="span" sx={screenReaderOnly}>
            {t('unverified.newTab')}
          </Box>
        </Button>
        <Button onClick={onCheckAgain} disabled={checking} color="inherit" size="small">
          {checking ? t('unverified.checking') : t('unverified.checkAgain')}
        </Button>
      </Stack>
    </Alert>
  );
}
