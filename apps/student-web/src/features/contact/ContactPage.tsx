import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormApi } from 'final-form';
import type { ReactNode } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { notify } from '@tullab/web-kit/notify';
import { SUPPORT_EMAIL } from '../../components/company';
import { DocumentTitle } from '@tullab/web-kit/components/DocumentTitle';
import { SubmitButton } from '@tullab/web-kit/forms/SubmitButton';
import { TextInput } from '@tullab/web-kit/forms/TextInput';
import { OfficeAddress } from '../../components/OfficeAddress';
import { submitting, validateWith } from '@tullab/web-kit/forms/validate';
import { useSendContactMessageMutation } from './api';
import { contactForm, type ContactForm } from './schemas';

function ContactDetail({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Stack direction="row" sx={{ gap: 2, alignItems: 'flex-start' }}>
      <Box aria-hidden="true" sx={{ color: 'primary.dark', mt: 0.25 }}>
        {icon}
      </Box>
      <Box>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {children}
      </Box>
    </Stack>
  );
}

/** SPEC §2 /contact-us: how to reach the team, and a form that sends the message to the support inbox. */
export function ContactPage() {
  const { t } = useTranslation('contact');
  const [send] = useSendContactMessageMutation();

  const onSubmit = (values: ContactForm, form: FormApi<ContactForm>) =>
    submitting(
      async () => {
        await send(contactForm.parse(values)).unwrap();
        notify(t('sentTitle'), t('sent'), 'success');
        form.restart(); // empty and untouched, so no "required" messages
      },
      () => notify(t('failedTitle'), t('failed'), 'error'),
    );

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 8 }, px: { xs: 1.5, sm: 3 } }}>
      <DocumentTitle title={t('documentTitle')} />
      <Typography component="h1" variant="h3" sx={{ fontSize: { xs: '2rem', md: '3rem' }, mb: 1 }}>
        {t('heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: { xs: 4, md: 6 }, maxWidth: 640 }}>
        {t('intro')}
      </Typography>
      <Grid container spacing={{ xs: 4, md: 6 }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack sx={{ gap: 3 }}>
            <ContactDetail icon={<EmailOutlined />} title={t('email')}>
              <Link href={`mailto:${SUPPORT_EMAIL}`} dir="ltr">
                {SUPPORT_EMAIL}
              </Link>
            </ContactDetail>
            <ContactDetail icon={<PlaceOutlined />} title={t('office')}>
              <OfficeAddress />
            </ContactDetail>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
            <Typography component="h2" variant="h5" sx={{ mb: 1 }}>
              {t('formHeading')}
            </Typography>
            <Form<ContactForm>
              onSubmit={onSubmit}
              validate={validateWith(contactForm)}
              render={({ handleSubmit, submitting: busy }) => (
                <form onSubmit={handleSubmit} noValidate>
                  <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
                    <TextInput
                      name="firstName"
                      label={t('form.firstName')}
                      autoComplete="given-name"
                      required
                    />
                    <TextInput
                      name="lastName"
                      label={t('form.lastName')}
                      autoComplete="family-name"
                      required
                    />
                  </Stack>
                  <TextInput
                    name="email"
                    label={t('form.email')}
                    type="email"
                    autoComplete="email"
                    required
                  />
                  <TextInput name="message" label={t('form.message')} multiline rows={5} required />
                  <SubmitButton busy={busy} busyLabel={t('form.sending')} sx={{ mt: 2 }}>
                    {t('form.send')}
                  </SubmitButton>
                </form>
              )}
            />
          </Paper>
        </Grid>
      </Grid>
    </Container>
  );
}
