import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../app/paths';
import { DocumentTitle } from '@tullab/web-kit/components/DocumentTitle';
import { scrollToSection } from '../home/scroll-to-section';
import { BrandApplicationForm, type SubmittedApplication } from './components/BrandApplicationForm';

const FORM_SECTION_ID = 'merchant-application';
const FORM_HEADING_ID = 'merchant-application-heading';

/** SPEC §1: what a partner brand gets, free of charge (texts under `merchants:benefits.<key>`). */
const BENEFITS: readonly { icon: ReactNode; key: string }[] = [
  { icon: <CampaignOutlinedIcon />, key: 'distribution' },
  { icon: <MarkEmailReadOutlinedIcon />, key: 'newsletter' },
  { icon: <InsightsOutlinedIcon />, key: 'reach' },
  { icon: <HandshakeOutlinedIcon />, key: 'onboarding' },
];

/** After a successful submission: what happens next. Takes the focus so screen readers announce it. */
function ApplicationReceived({ sent, onAnother }: { sent: SubmittedApplication; onAnother: () => void }) {
  const { t } = useTranslation('merchants');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', borderRadius: 3 }}>
      <CheckCircleOutlineIcon aria-hidden sx={{ fontSize: 56, color: 'primary.dark' }} />
      <Typography
        ref={heading}
        id={FORM_HEADING_ID}
        tabIndex={-1}
        component="h2"
        variant="h4"
        sx={{ mt: 1, outline: 'none' }}
      >
        {t('received.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        <Trans
          t={t}
          i18nKey="received.text"
          values={{
            brand: sent.brandName || t('received.yourBrand'),
            email: sent.contactEmail || t('received.yourEmail'),
          }}
          components={{ bdi: <bdi /> }}
        />
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4, justifyContent: 'center' }}>
        <Button variant="contained" component={RouterLink} to={paths.home}>
          {t('received.backToHome')}
        </Button>
        <Button variant="outlined" color="secondary" onClick={onAnother}>
          {t('received.another')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** SPEC §2 /for-merchants: hero, 'What you get', then the application form (or its success screen). */
export function BrandApplicationPage() {
  const { t } = useTranslation('merchants');
  const [sent, setSent] = useState<SubmittedApplication | null>(null);

  return (
    <>
      <DocumentTitle title={t('documentTitle')} />
      <Box
        component="section"
        aria-labelledby="merchants-hero-heading"
        sx={{ py: { xs: 8, md: 12 }, background: 'linear-gradient(160deg, #E9F9F1 0%, #FFFFFF 70%)' }}
      >
        <Container maxWidth="md" sx={{ textAlign: 'center' }}>
          <Typography component="p" variant="overline" sx={{ color: 'primary.dark', fontWeight: 700 }}>
            {t('hero.eyebrow')}
          </Typography>
          <Typography
            id="merchants-hero-heading"
            component="h1"
            variant="h2"
            sx={{ fontSize: { xs: '2.1rem', sm: '2.75rem', md: '3.25rem' }, lineHeight: 1.15, mb: 3 }}
          >
            {t('hero.heading')}
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 5, fontWeight: 400 }}>
            {t('hero.text')}
          </Typography>
          <Button
            href={`#${FORM_SECTION_ID}`}
            onClick={(event) => {
              event.preventDefault();
              scrollToSection(FORM_SECTION_ID, FORM_HEADING_ID);
            }}
            variant="contained"
            size="large"
            sx={{ px: 4, py: 1.5 }}
          >
            {t('hero.join')}
          </Button>
        </Container>
      </Box>

      <Box component="section" aria-labelledby="benefits-heading" sx={{ py: { xs: 6, md: 10 } }}>
        <Container maxWidth="lg">
          <Typography id="benefits-heading" component="h2" variant="h4" align="center" sx={{ mb: 5 }}>
            {t('benefits.heading')}
          </Typography>
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gap: 3,
              gridTemplateColumns: {
                xs: '1fr',
                sm: 'repeat(2, minmax(0, 1fr))',
                lg: 'repeat(4, minmax(0, 1fr))',
              },
            }}
          >
            {BENEFITS.map(({ icon, key }) => (
              <Paper component="li" key={key} variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
                <Box aria-hidden sx={{ color: 'primary.dark', '& svg': { fontSize: 36 } }}>
                  {icon}
                </Box>
                <Typography component="h3" variant="h6" sx={{ mt: 1, fontWeight: 700 }}>
                  {t(`benefits.${key}.title`)}
                </Typography>
                <Typography color="text.secondary" sx={{ mt: 1 }}>
                  {t(`benefits.${key}.text`)}
                </Typography>
              </Paper>
            ))}
          </Box>
        </Container>
      </Box>

      <Box
        component="section"
        id={FORM_SECTION_ID}
        aria-labelledby={FORM_HEADING_ID}
        sx={{ py: { xs: 6, md: 10 }, bgcolor: 'common.white', scrollMarginTop: { xs: 64, md: 72 } }}
      >
        <Container maxWidth="md">
          {sent ? (
            <ApplicationReceived sent={sent} onAnother={() => setSent(null)} />
          ) : (
            <>
              <Typography
                id={FORM_HEADING_ID}
                tabIndex={-1}
                component="h2"
                variant="h4"
                sx={{ outline: 'none' }}
              >
                {t('apply.heading')}
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {t('apply.text')}
              </Typography>
              <BrandApplicationForm onSubmitted={setSent} />
            </>
          )}
        </Container>
      </Box>
    </>
  );
}
