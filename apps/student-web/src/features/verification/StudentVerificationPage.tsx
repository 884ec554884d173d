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
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { serverMessage } from '../../app/api';
import { notify } from '../../app/notify';
import { paths } from '../../app/paths';
import { SUPPORT_EMAIL } from '../../components/company';
import { FormPage } from '../../components/FormPage';
import { SubmitButton } from '../../components/forms/SubmitButton';
import { TextInput } from '../../components/forms/TextInput';
import { submitting, validateWith } from '../../components/forms/validate';
import { pause } from '../../components/pause';
import { RequireSignIn } from '../auth/RequireSignIn';
import { SupportContactForm } from '../contact/SupportContactForm';
import { useAuth } from '../auth/use-auth';
import { useGetVerificationStateQuery, useRequestStudentCodeMutation } from './api';
import { studentEmailForm, type StudentEmailForm } from './schemas';
import { institutionOf, keptVerificationData } from './verification-data';

/** SPEC §9: the OTP screen opens this long after the 'Verification Code Sent!' toast. */
export const CODE_SENT_REDIRECT_MS = 1500;

export const VERIFICATION_FAILED_DEFAULT = 'Please check your information and try again.';

/** SPEC §4: shown for a 202 when the server gives no message. */
export const MANUAL_REVIEW_DEFAULT =
  "We don't recognise your institution's email domain yet, so our team will verify your enrollment manually. " +
  "We'll email you as soon as it's done.";

type View = { name: 'email' } | { name: 'choice' } | { name: 'unrecognized'; message: string };

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
  onManualReview: (message: string) => void;
  onOtherWays: () => void;
}) {
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
          onManualReview(answer.message ?? MANUAL_REVIEW_DEFAULT);
          return;
        }
        keptVerificationData.write({ studentEmail, institution, personalEmail });
        notify('Verification Code Sent!', 'Check your email for the 6-digit code.', 'success');
        await pause(CODE_SENT_REDIRECT_MS);
        navigate(paths.otpVerification);
      },
      (error) => notify('Verification Failed', serverMessage(error) ?? VERIFICATION_FAILED_DEFAULT, 'error'),
      { email: 'studentEmail' },
    );

  return (
    <FormPage
      title="Verify Your Student Status"
      documentTitle="Student Verification"
      icon={<SchoolOutlined />}
      subtitle="Enter the email address your university or college gave you. We'll send a 6-digit code to it."
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
              label="Student Email"
              type="email"
              autoComplete="email"
              placeholder="you@university.ac.ae"
              helperText="For example name@students.university.ac.ae"
              required
            />
            <SubmitButton busy={busy} busyLabel="Sending..." fullWidth sx={{ mt: 2 }}>
              Send Verification Code
            </SubmitButton>
          </form>
        )}
      />
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        No student email?{' '}
        <Link component="button" type="button" onClick={onOtherWays} sx={{ verticalAlign: 'baseline' }}>
          Verify another way
        </Link>
      </Typography>
    </FormPage>
  );
}

function OtherWays({ onBack }: { onBack: () => void }) {
  const [showSupport, setShowSupport] = useState(false);
  return (
    <FormPage
      title="Choose How to Verify"
      documentTitle="Student Verification"
      subtitle="No student email address? You can still prove you are a student."
    >
      <Stack sx={{ gap: 2 }}>
        <Button
          component={RouterLink}
          to={paths.documentVerification}
          variant="contained"
          size="large"
          startIcon={<UploadFileOutlined />}
        >
          Upload a Document
        </Button>
        <Button
          variant="outlined"
          size="large"
          startIcon={<MarkEmailReadOutlined />}
          aria-expanded={showSupport}
          aria-controls="support-message"
          onClick={() => setShowSupport(true)}
        >
          Contact Support
        </Button>
        {showSupport ? (
          <>
            <Alert id="support-message" severity="info" role="status">
              Email us at <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link> from your
              account&apos;s email address with your full name, your institution and a proof of enrollment, or
              send us a message below. Our team will verify your account manually.
            </Alert>
            <SupportContactForm />
          </>
        ) : null}
        <Button onClick={onBack} color="inherit">
          Back to Email Verification
        </Button>
      </Stack>
    </FormPage>
  );
}

function DomainNotRecognized({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <FormPage title="Domain Not Recognized" documentTitle="Student Verification" icon={<SearchOffOutlined />}>
      <Alert severity="warning" sx={{ mb: 3 }}>
        {message}
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
        <Button variant="outlined" size="large" onClick={onRetry} sx={{ flex: 1 }}>
          Try Different Email
        </Button>
        <Button
          component={RouterLink}
          to={paths.documentVerification}
          variant="contained"
          size="large"
          sx={{ flex: 1 }}
        >
          Upload Documents Instead
        </Button>
      </Stack>
    </FormPage>
  );
}
