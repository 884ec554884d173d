import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** A page-sized spinner with a line of text that screen readers announce. */
export function PageLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <Box
      role="status"
      sx={{ py: { xs: 10, md: 16 }, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}
    >
      <CircularProgress aria-hidden="true" />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
