import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { Logo } from './Logo';
import { footerNavGroups } from './nav-links';

/** SPEC §2 footer. The social links and the press strip come with the full home page. */
export function Footer() {
  return (
    <Box component="footer" sx={{ bgcolor: 'secondary.main', color: 'common.white', mt: 'auto', py: 6 }}>
      <Container maxWidth="lg">
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Logo inverted />
            <Typography sx={{ mt: 1.5, opacity: 0.85 }}>
              Dubai&apos;s leading student offer platform.
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, md: 8 }} component="nav" aria-label="Footer">
            <Grid container spacing={3}>
              {footerNavGroups.map((group) => (
                <Grid key={group.heading} size={{ xs: 12, sm: 4 }}>
                  <Typography
                    component="h2"
                    variant="subtitle2"
                    sx={{ mb: 1, textTransform: 'uppercase', opacity: 0.8 }}
                  >
                    {group.heading}
                  </Typography>
                  <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
                    {group.links.map((link) => (
                      <li key={link.label}>
                        <Link
                          component={RouterLink}
                          to={link.to}
                          sx={{ color: 'common.white' }}
                          underline="hover"
                        >
                          {link.label}
                        </Link>
                      </li>
                    ))}
                  </Box>
                </Grid>
              ))}
            </Grid>
          </Grid>
        </Grid>
        <Typography variant="body2" sx={{ mt: 5, opacity: 0.75 }}>
          © {new Date().getFullYear()} Tullab. Dubai Silicon Oasis, Dubai, United Arab Emirates.
        </Typography>
      </Container>
    </Box>
  );
}
