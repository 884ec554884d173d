import Instagram from '@mui/icons-material/Instagram';
import LinkedIn from '@mui/icons-material/LinkedIn';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { SOCIAL_LINKS } from '../company';
import { Logo } from './Logo';
import { footerNavGroups } from './nav-links';

const SOCIAL_ICONS = { Instagram, LinkedIn } as const;

/** SPEC §2 footer: the logo home, the site's links and the two social networks. */
export function Footer() {
  return (
    <Box
      component="footer"
      // The dark green focus ring would not show on the dark footer.
      sx={{
        bgcolor: 'secondary.main',
        color: 'common.white',
        mt: 'auto',
        py: 6,
        '& :focus-visible': { outlineColor: 'common.white' },
      }}
    >
      <Container maxWidth="lg">
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Logo inverted />
            <Typography sx={{ mt: 1.5, opacity: 0.85 }}>
              Dubai&apos;s leading student offer platform.
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, mt: 2, ml: -1 }}>
              {SOCIAL_LINKS.map(({ label, href }) => {
                const Icon = SOCIAL_ICONS[label];
                return (
                  <IconButton
                    key={label}
                    component="a"
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`Tullab on ${label} (opens in a new tab)`}
                    sx={{ color: 'common.white' }}
                  >
                    <Icon />
                  </IconButton>
                );
              })}
            </Box>
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
