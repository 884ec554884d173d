import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@tullab/web-kit/api/errors';
import { DocumentTitle } from '@tullab/web-kit/components/DocumentTitle';

/** A titled card of a portal page (an `h2`), labelled by its title for screen readers' landmarks. */
export function Section({
  title,
  actions,
  children,
  testId,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, mb: 3 }}
      data-testid={testId}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {actions ? <Box>{actions}</Box> : null}
      </Stack>
      {children}
    </Paper>
  );
}

/** What a part of a page shows while its data loads, failed to load, or is there. */
export function Loadable<T>({
  query,
  children,
  lines = 3,
}: {
  query: {
    data?: T;
    isLoading: boolean;
    isFetching?: boolean;
    isError: boolean;
    error?: unknown;
    refetch: () => unknown;
  };
  children: (data: T) => ReactNode;
  lines?: number;
}) {
  const { t } = useTranslation('merchant');
  if (query.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        }
      >
        {serverMessage(query.error) ?? t('loadFailed')}
      </Alert>
    );
  if (query.data === undefined)
    return (
      <Box role="status" aria-label={t('loading')}>
        {Array.from({ length: lines }, (_, index) => (
          <Skeleton key={index} height={32} />
        ))}
      </Box>
    );
  return <Box sx={{ opacity: query.isFetching ? 0.6 : 1 }}>{children(query.data)}</Box>;
}

/** A portal page's `h1` and the browser tab's title. */
export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}
    >
      <DocumentTitle title={title} />
      <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
        {title}
      </Typography>
      {children ? <Box>{children}</Box> : null}
    </Stack>
  );
}
