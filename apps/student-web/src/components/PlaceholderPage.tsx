import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../app/paths';

export interface PlaceholderPageProps {
  title: string;
  description?: string;
}

/** A page whose screen is not built yet: its title, a line of text and a way home. */
export function PlaceholderPage({ title, description = 'This page is coming soon.' }: PlaceholderPageProps) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <title>{`${title} · Tullab`}</title>
      <Typography component="h1" variant="h3" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {description}
      </Typography>
      <Button component={RouterLink} to={paths.home} variant="contained" size="large">
        Back to Home
      </Button>
    </Container>
  );
}
