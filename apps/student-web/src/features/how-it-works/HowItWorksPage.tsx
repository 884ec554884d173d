import HowToRegOutlinedIcon from '@mui/icons-material/HowToRegOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { discountsLocation, paths } from '../../app/paths';
import { DocumentTitle } from '@tullab/web-kit/components/DocumentTitle';

/** The catalogue of this page. */
const NAMESPACE = 'howItWorks';

/** The student journey of SPEC §4 "Student onboarding flow", in the student's words: `steps.<key>.title`, `.body`. */
const STEPS: readonly { key: string; icon: ReactNode }[] = [
  { key: 'account', icon: <HowToRegOutlinedIcon /> },
  { key: 'verify', icon: <SchoolOutlinedIcon /> },
  { key: 'redeem', icon: <LocalOfferOutlinedIcon /> },
];

/** The questions, in order: `faq.items.<key>.question`, `.answer`. */
const FAQ = ['who', 'cost', 'browse', 'codeUses'] as const;

/** /how-it-works (linked from the mobile menu): how a student goes from sign-up to saving. */
export function HowItWorksPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <DocumentTitle title={t('title')} />
      <Box
        component="section"
        aria-labelledby="how-heading"
        sx={{ py: { xs: 8, md: 12 }, background: 'linear-gradient(160deg, #E9F9F1 0%, #FFFFFF 70%)' }}
      >
        <Container maxWidth="md" sx={{ textAlign: 'center' }}>
          <Typography
            id="how-heading"
            component="h1"
            variant="h2"
            sx={{ fontSize: { xs: '2.25rem', sm: '3rem' }, lineHeight: 1.1, mb: 3 }}
          >
            {t('title')}
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400 }}>
            {t('intro')}
          </Typography>
        </Container>
      </Box>

      <Box component="section" aria-labelledby="steps-heading" sx={{ py: { xs: 6, md: 10 } }}>
        <Container maxWidth="lg">
          <Typography id="steps-heading" component="h2" variant="h4" align="center" sx={{ mb: 5 }}>
            {t('stepsHeading')}
          </Typography>
          <Box
            component="ol"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            {STEPS.map(({ key, icon }, index) => (
              <Paper component="li" key={key} variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <Box
                    aria-hidden
                    sx={{
                      width: 48,
                      height: 48,
                      borderRadius: '50%',
                      display: 'grid',
                      placeItems: 'center',
                      bgcolor: 'primary.light',
                      color: 'secondary.main',
                    }}
                  >
                    {icon}
                  </Box>
                  <Typography
                    component="p"
                    variant="overline"
                    sx={{ fontWeight: 700, color: 'primary.dark' }}
                  >
                    {t('stepLabel', { number: index + 1 })}
                  </Typography>
                </Stack>
                <Typography component="h3" variant="h6" sx={{ mt: 2, fontWeight: 700 }}>
                  {t(`steps.${key}.title`)}
                </Typography>
                <Typography color="text.secondary" sx={{ mt: 1 }}>
                  {t(`steps.${key}.body`)}
                </Typography>
              </Paper>
            ))}
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 6, justifyContent: 'center' }}>
            <Button component={RouterLink} to={paths.signup} variant="contained" size="large">
              {t('signUp')}
            </Button>
            <Button
              component={RouterLink}
              to={discountsLocation}
              variant="outlined"
              color="secondary"
              size="large"
            >
              {t('browseOffers')}
            </Button>
          </Stack>
        </Container>
      </Box>

      <Box
        component="section"
        aria-labelledby="faq-heading"
        sx={{ py: { xs: 6, md: 10 }, bgcolor: 'common.white' }}
      >
        <Container maxWidth="md">
          <Typography id="faq-heading" component="h2" variant="h4" sx={{ mb: 3 }}>
            {t('faq.heading')}
          </Typography>
          <Box component="dl" sx={{ m: 0 }}>
            {FAQ.map((key) => (
              <Box key={key} sx={{ py: 2, borderBottom: 1, borderColor: 'divider' }}>
                <Typography component="dt" sx={{ fontWeight: 700 }}>
                  {t(`faq.items.${key}.question`)}
                </Typography>
                <Typography component="dd" color="text.secondary" sx={{ m: 0, mt: 0.5 }}>
                  {t(`faq.items.${key}.answer`)}
                </Typography>
              </Box>
            ))}
          </Box>
          <Typography sx={{ mt: 4 }}>
            <Trans
              t={t}
              i18nKey="closing"
              components={{
                login: <Link component={RouterLink} to={paths.login} />,
                contact: <Link component={RouterLink} to={paths.contactUs} />,
              }}
            />
          </Typography>
        </Container>
      </Box>
    </>
  );
}
