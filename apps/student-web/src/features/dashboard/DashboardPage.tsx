import ArrowBack from '@mui/icons-material/ArrowBack';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import PersonOutline from '@mui/icons-material/PersonOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, type ReactNode } from 'react';
import { Form } from 'react-final-form';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { User } from '../../app/api';
import { notify } from '../../app/notify';
import { paths } from '../../app/paths';
import { DocumentTitle } from '../../components/DocumentTitle';
import { CheckboxInput } from '../../components/forms/CheckboxInput';
import { SubmitButton } from '../../components/forms/SubmitButton';
import { TextInput } from '../../components/forms/TextInput';
import { submitting } from '../../components/forms/validate';
import { PageLoading } from '../../components/PageLoading';
import { returnHereState } from '../auth/return-to';
import { useAuth } from '../auth/use-auth';
import { useUpdateProfileMutation, type StudentProfile } from './api';
import { ChangePasswordCard } from './components/ChangePasswordCard';
import { DashboardCard } from './components/DashboardCard';
import { VerificationCard } from './components/VerificationCard';
import { YourDataCard } from './components/YourDataCard';
import { joinFullName, splitFullName } from './full-name';
import { useStudentProfile } from './use-student-profile';

interface ProfileForm {
  fullName: string;
  email: string;
  phone: string;
  emailMarketing: boolean;
  whatsappMarketing: boolean;
}

const PROFILE_FORM_ID = 'profile-form';

/** The form's starting values: the profile, or the signed-in user when the profile could not be loaded. */
function profileFormValues(user: User, profile?: StudentProfile): ProfileForm {
  return {
    fullName: joinFullName(profile?.firstName ?? user.firstName, profile?.lastName ?? user.lastName),
    email: profile?.email ?? user.email,
    phone: profile?.phoneNumber ?? user.phone ?? '',
    // SPEC §4: a missing marketing field means opted in.
    emailMarketing: profile?.emailMarketing ?? user.emailMarketing ?? true,
    whatsappMarketing: profile?.whatsappMarketing ?? user.whatsappMarketing ?? true,
  };
}

/** SPEC §2 /dashboard: who may see it, then the student's cards. */
export function DashboardPage() {
  const { user, isLoading, isStudent } = useAuth();
  const location = useLocation();

  if (isLoading) return <PageLoading label="Loading dashboard..." />;
  if (!user)
    return (
      <Notice text="Please log in to access your dashboard">
        <Button component={RouterLink} to={paths.login} state={returnHereState(location)} variant="contained">
          Go to Login
        </Button>
      </Notice>
    );
  if (!isStudent)
    return (
      <Notice text="Dashboard is only available for students">
        <Button component={RouterLink} to={paths.home} variant="contained">
          Go to Home
        </Button>
      </Notice>
    );
  return <StudentDashboard user={user} />;
}

function Notice({ text, children }: { text: string; children: ReactNode }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <DocumentTitle title="Dashboard" />
      <Typography component="h1" variant="h5" sx={{ mb: 3 }}>
        {text}
      </Typography>
      {children}
    </Container>
  );
}

function StudentDashboard({ user }: { user: User }) {
  const { profile, isLoading } = useStudentProfile(user);
  const [updateProfile] = useUpdateProfileMutation();
  const initialValues = useMemo(() => profileFormValues(user, profile), [user, profile]);

  if (isLoading) return <PageLoading label="Loading dashboard..." />;

  const onSubmit = (values: ProfileForm) =>
    submitting(
      async () => {
        await updateProfile({
          ...splitFullName(values.fullName ?? ''),
          email: values.email,
          phoneNumber: values.phone?.trim() || null,
          emailMarketing: values.emailMarketing,
          whatsappMarketing: values.whatsappMarketing,
        }).unwrap();
        notify('Profile updated', 'Your profile has been updated successfully.', 'success');
      },
      () => notify('Error', 'Failed to update profile. Please try again.', 'error'),
      { firstName: 'fullName', lastName: 'fullName', phoneNumber: 'phone' },
    );

  const verification = profile ?? {
    status: user.verification?.status,
    studentEmail: user.verification?.studentEmail,
    verifiedAt: user.verification?.verifiedAt,
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 }, px: { xs: 1.5, sm: 3 } }}>
      <DocumentTitle title="Dashboard" />
      <Button component={RouterLink} to={paths.home} startIcon={<ArrowBack />} color="inherit" sx={{ mb: 2 }}>
        Back to Home
      </Button>
      <Typography component="h1" variant="h4" sx={{ mb: 0.5 }}>
        My Dashboard
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Manage your profile, verification and preferences.
      </Typography>

      <Form<ProfileForm>
        onSubmit={onSubmit}
        initialValues={initialValues}
        render={({ handleSubmit, submitting: busy }) => (
          <Stack sx={{ gap: 3 }}>
            <DashboardCard title="Profile Information" icon={<PersonOutline />}>
              <form id={PROFILE_FORM_ID} onSubmit={handleSubmit} noValidate>
                <TextInput name="fullName" label="Full Name" autoComplete="name" />
                <TextInput
                  name="email"
                  label="Email"
                  type="email"
                  helperText="This email is used for logging in"
                  slotProps={{ input: { readOnly: true } }}
                />
                <TextInput
                  name="phone"
                  label="Phone Number"
                  type="tel"
                  autoComplete="tel"
                  placeholder="+971 50 123 4567"
                />
              </form>
            </DashboardCard>

            <VerificationCard {...verification} />

            <ChangePasswordCard />

            <DashboardCard
              title="Marketing Preferences"
              icon={<CampaignOutlined />}
              description="Choose how we tell you about new student offers."
            >
              <Stack>
                <CheckboxInput name="emailMarketing" label="Email Marketing" asSwitch />
                <CheckboxInput name="whatsappMarketing" label="WhatsApp Marketing" asSwitch />
              </Stack>
            </DashboardCard>

            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <SubmitButton
                busy={busy}
                busyLabel="Saving..."
                form={PROFILE_FORM_ID}
                sx={{ width: { xs: '100%', sm: 'auto' } }}
              >
                Save Changes
              </SubmitButton>
            </Box>

            <YourDataCard />
          </Stack>
        )}
      />
    </Container>
  );
}
