import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DocumentTitle } from './DocumentTitle';

export interface FormPageProps {
  /** the page's h1 (and the tab title unless `documentTitle` is given) */
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  documentTitle?: string;
  children: ReactNode;
}

/** The card the account screens sit in: sign-in, sign-up, password reset, verification. */
export function FormPage({ title, subtitle, icon, documentTitle = title, children }: FormPageProps) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6, md: 8 }, px: { xs: 1.5, sm: 3 } }}>
      <DocumentTitle title={documentTitle} />
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 5 }, borderRadius: 3 }}>
        <Box sx={{ textAlign: 'center', mb: 2 }}>
          {icon ? (
            <Box aria-hidden="true" sx={{ color: 'primary.dark', mb: 1, '& svg': { fontSize: 48 } }}>
              {icon}
            </Box>
          ) : null}
          <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
            {title}
          </Typography>
          {subtitle ? (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {subtitle}
            </Typography>
          ) : null}
        </Box>
        {children}
      </Paper>
    </Container>
  );
}
