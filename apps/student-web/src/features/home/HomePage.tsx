import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { DISCOUNTS_ANCHOR, discountsLocation } from '../../app/paths';

export const HOME_HEADLINE = 'The First Student Offer Platform in the UAE';
export const HOME_SUBTITLE = 'Exclusive savings on well-known brands, verified for students only.';

/** SPEC §2 Home. For now: the hero and the offers section with a coming-soon note in place of the grid. */
export function HomePage() {
  return (
    <>
      <title>Tullab — Student discounts in the UAE</title>
      <Box
        component="section"
        aria-labelledby="home-hero-heading"
        sx={{
          py: { xs: 8, md: 14 },
          background: 'linear-gradient(160deg, #E9F9F1 0%, #FFFFFF 70%)',
        }}
      >
        <Container maxWidth="md" sx={{ textAlign: 'center' }}>
          <Typography
            id="home-hero-heading"
            component="h1"
            variant="h2"
            sx={{ fontSize: { xs: '2.25rem', sm: '3rem', md: '3.75rem' }, lineHeight: 1.1, mb: 3 }}
          >
            {HOME_HEADLINE}
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 5, fontWeight: 400 }}>
            {HOME_SUBTITLE}
          </Typography>
          <Button
            component={RouterLink}
            to={discountsLocation}
            variant="contained"
            size="large"
            endIcon={<ArrowDownwardIcon />}
            sx={{ px: 4, py: 1.5 }}
          >
            Start Saving Now
          </Button>
        </Container>
      </Box>

      <Box
        component="section"
        id={DISCOUNTS_ANCHOR}
        aria-labelledby="home-offers-heading"
        sx={{ py: { xs: 6, md: 10 }, scrollMarginTop: { xs: 64, md: 72 } }}
      >
        <Container maxWidth="lg">
          <Typography id="home-offers-heading" component="h2" variant="h4" gutterBottom>
            Exclusive Student Offers
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 4 }}>
            Save on everything from food to fashion with verified student offers
          </Typography>
          <Alert severity="info" variant="outlined">
            Coming soon: student offers from our partner brands will appear here.
          </Alert>
        </Container>
      </Box>
    </>
  );
}
