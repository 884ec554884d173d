import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../app/paths';
import { DocumentTitle } from './DocumentTitle';

/** SPEC §2: every path outside the route table. */
export function NotFoundPage() {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <DocumentTitle title="Page Not Found" />
      <Typography
        component="p"
        variant="h1"
        color="primary.dark"
        sx={{ fontSize: { xs: '4rem', md: '6rem' } }}
      >
        404
      </Typography>
      <Typography component="h1" variant="h3" gutterBottom sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
        Page Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        The page you are looking for does not exist or has moved.
      </Typography>
      <Button component={RouterLink} to={paths.home} variant="contained" size="large">
        Back to Home
      </Button>
    </Container>
  );
}
