import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { DISCOUNTS_ANCHOR } from '../../app/paths';
import { OfferBrowser } from '../offers/components/OfferBrowser';
import { PartnerCarousel } from './components/PartnerCarousel';
import { PressStrip } from './components/PressStrip';
import { TrustIndicators } from './components/TrustIndicators';
import { scrollToSection } from './scroll-to-section';

export const HOME_HEADLINE = 'The First Student Offer Platform in the UAE';
const HOME_SUBTITLE = 'Exclusive savings on well-known brands, verified for students only.';

const OFFERS_HEADING_ID = 'home-offers-heading';

/** SPEC §2 Home: hero with trust indicators, partner carousel, the offers, the press strip (the footer is shared). */
export function HomePage() {
  return (
    <>
      <title>Tullab — Student discounts in the UAE</title>
      <Box
        component="section"
        aria-labelledby="home-hero-heading"
        sx={{
          py: { xs: 8, md: 12 },
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
            href={`#${DISCOUNTS_ANCHOR}`}
            onClick={(event) => {
              event.preventDefault();
              scrollToSection(DISCOUNTS_ANCHOR, OFFERS_HEADING_ID);
            }}
            variant="contained"
            size="large"
            endIcon={<ArrowDownwardIcon />}
            sx={{ px: 4, py: 1.5 }}
          >
            Start Saving Now
          </Button>
          <TrustIndicators />
        </Container>
      </Box>

      <PartnerCarousel />

      <Box
        component="section"
        id={DISCOUNTS_ANCHOR}
        aria-labelledby={OFFERS_HEADING_ID}
        sx={{ py: { xs: 6, md: 10 }, scrollMarginTop: { xs: 64, md: 72 }, bgcolor: 'background.default' }}
      >
        <Container maxWidth="lg">
          <Typography
            id={OFFERS_HEADING_ID}
            tabIndex={-1}
            component="h2"
            variant="h4"
            gutterBottom
            sx={{ outline: 'none' }}
          >
            Exclusive Student Offers
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 4 }}>
            Save on everything from food to fashion with verified student offers
          </Typography>
          <OfferBrowser />
        </Container>
      </Box>

      <PressStrip />
    </>
  );
}
