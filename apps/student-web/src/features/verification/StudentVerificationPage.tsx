import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { serverMessage } from '@tullab/web-kit/api/errors';
import { notify } from '@tullab/web-kit/notify';
import { paths } from '../../app/paths';
import { SUPPORT_EMAIL } from '../../components/company';
import { FormPage } from '@tullab/web-kit/components/FormPage';
import { SubmitButton } from '@tullab/web-kit/forms/SubmitButton';
import { TextInput } from '@tullab/web-kit/forms/TextInput';
import { submitting, validateWith } from '@tullab/web-kit/forms/validate';
import { pause } from '../../components/pause';
import { RequireSignIn } from '../auth/RequireSignIn';
import { SupportContactForm } from '../contact/SupportContactForm';
import { useAuth } from '@tullab/web-kit/session/use-auth';
import { useGetVerificationStateQuery, useRequestStudentCodeMutation } from './api';
import { studentEmailForm, type StudentEmailForm } from './schemas';
import { institutionOf, keptVerificationData } from './verification-data';

/** SPEC §9: the OTP screen opens this long after the 'Verification Code Sent!' toast. */
export const CODE_SENT_REDIRECT_MS = 1500;

/** The catalogue key of the 'Verification Failed' text when the server gave none. */
export const VERIFICATION_FAILED_DEFAULT = 'verification:studentEmail.toast.failedMessage';

/** SPEC §4: shown for a 202 when the server gives no message (a catalogue key). */
export const MANUAL_REVIEW_DEFAULT = 'verification:unrecognized.defaultMessage';

/** `message`: the server's text for a 202, shown as it came (English for now); null when it gave none. */
type View = { name: 'email' } | { name: 'choice' } | { name: 'unrecognized'; message: string | null };

/** SPEC §2 /student-verification: the student e-mail form, the other ways to verify, and the 202 screen. */
export function StudentVerificationPage() {
  return (
    <RequireSignIn>
      <StudentVerification />
    </RequireSignIn>
  );
}

function StudentVerification() {
  const [view, setView] = useState<View>({ name: 'email' });
  switch (view.name) {
    case 'choice':
      return <OtherWays onBack={() => setView({ name: 'email' })} />;
    case 'unrecognized':
      return <DomainNotRecognized message={view.message} onRetry={() => setView({ name: 'email' })} />;
    default:
      return (
        <StudentEmailStep
          onManualReview={(message) => setView({ name: 'unrecognized', message })}
          onOtherWays={() => setView({ name: 'choice' })}
        />
      );
  }
}

function StudentEmailStep({
  onManualReview,
  onOtherWays,
}: {
  onManualReview: (message: string | null) => void;
  onOtherWays: () => void;
}) {
  const { t } = useTranslation('verification');
  const { user } = useAuth();
  const { data: state } = useGetVerificationStateQuery();
  const [requestCode] = useRequestStudentCodeMutation();
  const navigate = useNavigate();

  // The address tried last time, so a student coming back does not type it again.
  const lastTried =
    state?.studentEmail ?? user?.verification?.studentEmail ?? keptVerificationData.read()?.studentEmail;
  const initialValues = useMemo(() => ({ studentEmail: lastTried ?? '' }), [lastTried]);

  const onSubmit = (values: StudentEmailForm) =>
    submitting(
      async () => {
        const studentEmail = values.studentEmail.trim();
        const institution = institutionOf(studentEmail);
        const personalEmail = user?.email ?? '';
        const answer = await requestCode({
          email: studentEmail,
          personalEmail,
          institution,
          studentId: null,
        }).unwrap();
        if (answer.manualReview) {
          onManualReview(answer.message ?? null);
          return;
        }
        keptVerificationData.write({ studentEmail, institution, personalEmail });
        notify(t('studentEmail.toast.sentTitle'), t('studentEmail.toast.sentMessage'), 'success');
        await pause(CODE_SENT_REDIRECT_MS);
        navigate(paths.otpVerification);
      },
      // A server's message is shown as it came (English for now).
      (error) =>
        notify(
          t('studentEmail.toast.failedTitle'),
          serverMessage(error) ?? t(VERIFICATION_FAILED_DEFAULT),
          'error',
        ),
      { email: 'studentEmail' },
    );

  return (
    <FormPage
      title={t('studentEmail.title')}
      documentTitle={t('documentTitle')}
      icon={<SchoolOutlined />}
      subtitle={t('studentEmail.subtitle')}
    >
      <Form<StudentEmailForm>
        onSubmit={onSubmit}
        initialValues={initialValues}
        keepDirtyOnReinitialize
        validate={validateWith(studentEmailForm)}
        render={({ handleSubmit, submitting: busy }) => (
          <form onSubmit={handleSubmit} noValidate>
            <TextInput
              name="studentEmail"
              label={t('studentEmail.label')}
              type="email"
              autoComplete="email"
              placeholder={t('studentEmail.placeholder')}
              helperText={t('studentEmail.help')}
              required
            />
            <SubmitButton busy={busy} busyLabel={t('sending')} fullWidth sx={{ mt: 2 }}>
              {t('studentEmail.submit')}
            </SubmitButton>
          </form>
        )}
      />
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        {t('studentEmail.noStudentEmail')}{' '}
        <Link component="button" type="button" onClick={onOtherWays} sx={{ verticalAlign: 'baseline' }}>
          {t('studentEmail.otherWays')}
        </Link>
      </Typography>
    </FormPage>
  );
}

function OtherWays({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('verification');
  const [showSupport, setShowSupport] = useState(false);
  return (
    <FormPage
      title={t('otherWays.title')}
      documentTitle={t('documentTitle')}
      subtitle={t('otherWays.subtitle')}
    >
      <Stack sx={{ gap: 2 }}>
        <Button
          component={RouterLink}
          to={paths.documentVerification}
          variant="contained"
          size="large"
          startIcon={<UploadFileOutlined />}
        >
          {t('otherWays.upload')}
        </Button>
        <Button
          variant="outlined"
          size="large"
          startIcon={<MarkEmailReadOutlined />}
          aria-expanded={showSupport}
          aria-controls="support-message"
          onClick={() => setShowSupport(true)}
        >
          {t('otherWays.contactSupport')}
        </Button>
        {showSupport ? (
          <>
            <Alert id="support-message" severity="info" role="status">
              <Trans
                t={t}
                i18nKey="otherWays.supportMessage"
                values={{ email: SUPPORT_EMAIL }}
                components={{ mail: <Link href={`mailto:${SUPPORT_EMAIL}`} dir="ltr" /> }}
              />
            </Alert>
            <SupportContactForm />
          </>
        ) : null}
        <Button onClick={onBack} color="inherit">
          {t('backToEmail')}
        </Button>
      </Stack>
    </FormPage>
  );
}

function DomainNotRecognized({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  const { t } = useTranslation('verification');
  return (
    <FormPage title={t('unrecognized.title')} documentTitle={t('documentTitle')} icon={<SearchOffOutlined />}>
      <Alert severity="warning" sx={{ mb: 3 }}>
        {message ?? t(MANUAL_REVIEW_DEFAULT)}
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
        <Button variant="outlined" size="large" onClick={onRetry} sx={{ flex: 1 }}>
          {t('unrecognized.retry')}
        </Button>
        <Button
          component={RouterLink}
          to={paths.documentVerification}
          variant="contained"
          size="large"
          sx={{ flex: 1 }}
        >
          {t('unrecognized.upload')}
        </Button>
      </Stack>
    </FormPage>
  );
}
