import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** A page-sized spinner with a line of text that screen readers announce ('Loading...' unless a label is given). */
export function PageLoading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      sx={{ py: { xs: 10, md: 16 }, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}
    >
      <CircularProgress aria-hidden="true" />
      <Typography color="text.secondary">{label ?? t('loading')}</Typography>
    </Box>
  );
}
