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
import { notify } from '../../app/notify';
import { SUPPORT_EMAIL } from '../../components/company';
import { DocumentTitle } from '../../components/DocumentTitle';
import { SubmitButton } from '../../components/forms/SubmitButton';
import { TextInput } from '../../components/forms/TextInput';
import { OfficeAddress } from '../../components/OfficeAddress';
import { submitting, validateWith } from '../../components/forms/validate';
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
  const [send] = useSendContactMessageMutation();

  const onSubmit = (values: ContactForm, form: FormApi<ContactForm>) =>
    submitting(
      async () => {
        await send(contactForm.parse(values)).unwrap();
        notify('Message Sent!', "Thank you for contacting us. We'll get back to you soon.", 'success');
        form.restart(); // empty and untouched, so no "required" messages
      },
      () => notify('Message Failed', 'Failed to send message. Please try again later.', 'error'),
    );

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 8 }, px: { xs: 1.5, sm: 3 } }}>
      <DocumentTitle title="Contact Us" />
      <Typography component="h1" variant="h3" sx={{ fontSize: { xs: '2rem', md: '3rem' }, mb: 1 }}>
        Contact Us
      </Typography>
      <Typography color="text.secondary" sx={{ mb: { xs: 4, md: 6 }, maxWidth: 640 }}>
        Questions about an offer, your verification or partnering with us? Send us a message and our Dubai
        team will get back to you.
      </Typography>
      <Grid container spacing={{ xs: 4, md: 6 }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack sx={{ gap: 3 }}>
            <ContactDetail icon={<EmailOutlined />} title="Email">
              <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>
            </ContactDetail>
            <ContactDetail icon={<PlaceOutlined />} title="Office">
              <OfficeAddress />
            </ContactDetail>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
            <Typography component="h2" variant="h5" sx={{ mb: 1 }}>
              Send us a message
            </Typography>
            <Form<ContactForm>
              onSubmit={onSubmit}
              validate={validateWith(contactForm)}
              render={({ handleSubmit, submitting: busy }) => (
                <form onSubmit={handleSubmit} noValidate>
                  <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
                    <TextInput name="firstName" label="First Name" autoComplete="given-name" required />
                    <TextInput name="lastName" label="Last Name" autoComplete="family-name" required />
                  </Stack>
                  <TextInput name="email" label="Email" type="email" autoComplete="email" required />
                  <TextInput name="message" label="Message" multiline rows={5} required />
                  <SubmitButton busy={busy} busyLabel="Sending message..." sx={{ mt: 2 }}>
                    Send now
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
