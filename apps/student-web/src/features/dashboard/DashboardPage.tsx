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
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { User } from '@tullab/web-kit/api/client';
import { notify } from '@tullab/web-kit/notify';
import { paths } from '../../app/paths';
import { DocumentTitle } from '@tullab/web-kit/components/DocumentTitle';
import { CheckboxInput } from '@tullab/web-kit/forms/CheckboxInput';
import { SubmitButton } from '@tullab/web-kit/forms/SubmitButton';
import { TextInput } from '@tullab/web-kit/forms/TextInput';
import { submitting } from '@tullab/web-kit/forms/validate';
import { PageLoading } from '@tullab/web-kit/components/PageLoading';
import { returnHereState } from '@tullab/web-kit/session/return-to';
import { useAuth } from '@tullab/web-kit/session/use-auth';
import { useUpdateProfileMutation, type StudentProfile } from './api';
import { ChangePasswordCard } from './components/ChangePasswordCard';
import { ConnectedBrandsCard } from './components/ConnectedBrandsCard';
import { DashboardCard } from './components/DashboardCard';
import { VerificationCard } from './components/VerificationCard';
import { LanguageCard } from './components/LanguageCard';
import { MyCodesCard } from './components/MyCodesCard';
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
  const { t } = useTranslation('dashboard');
  const { user, isLoading, isStudent } = useAuth();
  const location = useLocation();

  if (isLoading) return <PageLoading label={t('loading')} />;
  if (!user)
    return (
      <Notice text={t('notice.logIn')}>
        <Button component={RouterLink} to={paths.login} state={returnHereState(location)} variant="contained">
          {t('notice.goToLogin')}
        </Button>
      </Notice>
    );
  if (!isStudent)
    return (
      <Notice text={t('notice.studentsOnly')}>
        <Button component={RouterLink} to={paths.home} variant="contained">
          {t('notice.goToHome')}
        </Button>
      </Notice>
    );
  return <StudentDashboard user={user} />;
}

function Notice({ text, children }: { text: string; children: ReactNode }) {
  const { t } = useTranslation('dashboard');
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <DocumentTitle title={t('documentTitle')} />
      <Typography component="h1" variant="h5" sx={{ mb: 3 }}>
        {text}
      </Typography>
      {children}
    </Container>
  );
}

function StudentDashboard({ user }: { user: User }) {
  const { t } = useTranslation('dashboard');
  const { profile, isLoading } = useStudentProfile(user);
  const [updateProfile] = useUpdateProfileMutation();
  const initialValues = useMemo(() => profileFormValues(user, profile), [user, profile]);

  if (isLoading) return <PageLoading label={t('loading')} />;

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
        notify(t('profile.updatedTitle'), t('profile.updated'), 'success');
      },
      () => notify(t('profile.failedTitle'), t('profile.failed'), 'error'),
      { firstName: 'fullName', lastName: 'fullName', phoneNumber: 'phone' },
    );

  const verification = profile ?? {
    status: user.verification?.status,
    studentEmail: user.verification?.studentEmail,
    verifiedAt: user.verification?.verifiedAt,
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 }, px: { xs: 1.5, sm: 3 } }}>
      <DocumentTitle title={t('documentTitle')} />
      <Button
        component={RouterLink}
        to={paths.home}
        startIcon={<ArrowBack sx={{ '[dir="rtl"] &': { transform: 'scaleX(-1)' } }} />}
        color="inherit"
        sx={{ mb: 2 }}
      >
        {t('backToHome')}
      </Button>
      <Typography component="h1" variant="h4" sx={{ mb: 0.5 }}>
        {t('heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('intro')}
      </Typography>

      <Form<ProfileForm>
        onSubmit={onSubmit}
        initialValues={initialValues}
        render={({ handleSubmit, submitting: busy }) => (
          <Stack sx={{ gap: 3 }}>
            <DashboardCard title={t('profile.title')} icon={<PersonOutline />}>
              <form id={PROFILE_FORM_ID} onSubmit={handleSubmit} noValidate>
                <TextInput name="fullName" label={t('profile.fullName')} autoComplete="name" />
                <TextInput
                  name="email"
                  label={t('profile.email')}
                  type="email"
                  helperText={t('profile.emailHelp')}
                  slotProps={{ input: { readOnly: true } }}
                />
                <TextInput
                  name="phone"
                  label={t('profile.phone')}
                  type="tel"
                  autoComplete="tel"
                  placeholder={t('profile.phonePlaceholder')}
                />
              </form>
            </DashboardCard>

            <VerificationCard {...verification} />

            <MyCodesCard />

            <ConnectedBrandsCard />

            <ChangePasswordCard />

            <DashboardCard
              title={t('marketing.title')}
              icon={<CampaignOutlined />}
              description={t('marketing.description')}
            >
              <Stack>
                <CheckboxInput name="emailMarketing" label={t('marketing.email')} asSwitch />
                <CheckboxInput name="whatsappMarketing" label={t('marketing.whatsapp')} asSwitch />
              </Stack>
            </DashboardCard>

            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <SubmitButton
                busy={busy}
                busyLabel={t('saving')}
                form={PROFILE_FORM_ID}
                sx={{ width: { xs: '100%', sm: 'auto' } }}
              >
                {t('save')}
              </SubmitButton>
            </Box>

            <LanguageCard />

            <YourDataCard />
          </Stack>
        )}
      />
    </Container>
  );
}
