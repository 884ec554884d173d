import InfoOutlined from '@mui/icons-material/InfoOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { isApiError } from '@tullab/web-kit/api/errors';
import { FormPage } from '@tullab/web-kit/components/FormPage';
import { pageLoad } from '@tullab/web-kit/components/SiteLink';
import { SubmitButton } from '@tullab/web-kit/forms/SubmitButton';
import { notify } from '@tullab/web-kit/notify';
import { returnHereState } from '@tullab/web-kit/session/return-to';
import { paths } from '../../../app/paths';
import { useDecideConnectMutation, type ConnectInteraction } from '../api';
import { formatDate } from '../format';
import { CONNECT_NAMESPACE } from '../namespace';
import { NotVerifiedNotice } from './NotVerifiedNotice';

export interface ConsentFormProps {
  interaction: ConnectInteraction;
  student: NonNullable<ConnectInteraction['student']>;
  /** the details are being asked again ("check again" after verifying in another tab) */
  checking: boolean;
  onCheckAgain: () => void;
  /** the provider no longer has the interaction */
  onGone: () => void;
}

/** One thing the app would learn, with its icon. */
function Shared({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack component="li" direction="row" sx={{ gap: 1.5, alignItems: 'center', py: 0.5 }}>
      <Stack aria-hidden="true">{icon}</Stack>
      <Typography>{children}</Typography>
    </Stack>
  );
}

/** An optional claim the app asks for (CONNECT_OPTIONAL_SCOPES): ticked to share, with a line of help. */
function OptionalShare({
  checked,
  onChange,
  disabled,
  label,
  help,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
  label: string;
  help: string;
}) {
  const helpId = useId();
  return (
    <Box component="li" sx={{ py: 0.5 }}>
      <FormControlLabel
        control={
          <Checkbox
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            disabled={disabled}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label={label}
      />
      <Typography id={helpId} variant="body2" color="text.secondary" sx={{ pl: 4 }}>
        {help}
      </Typography>
    </Box>
  );
}

/**
 * The signed-in student's consent (decision 019): what the app asks to learn, by scope (`student`: whether they are
 * verified and until when; `first_name` and `institution`, optional, which they may untick), that nothing else is
 * shared, and Allow or Decline. The answer sends the browser back through the provider to the brand.
 */
export function ConsentForm({ interaction, student, checking, onCheckAgain, onGone }: ConsentFormProps) {
  const { t, i18n } = useTranslation(CONNECT_NAMESPACE);
  const navigate = useNavigate();
  const location = useLocation();
  const [decide] = useDecideConnectMutation();
  const [answering, setAnswering] = useState<'allow' | 'decline' | null>(null);
  const [shareName, setShareName] = useState(true);
  const [shareInstitution, setShareInstitution] = useState(true);
  const sharesId = useId();
  const app = interaction.app.name;
  const asksStatus = interaction.scopes.includes('student');
  const asksName = interaction.scopes.includes('first_name');
  const asksInstitution = interaction.scopes.includes('institution');

  const answer = async (consent: boolean) => {
    setAnswering(consent ? 'allow' : 'decline');
    try {
      const { redirectTo } = await decide({
        uid: interaction.uid,
        consent,
        share: {
          first_name: consent && asksName && shareName,
          institution: consent && asksInstitution && shareInstitution,
        },
      }).unwrap();
      // the buttons stay disabled while the page leaves for the brand
      pageLoad.assign(redirectTo);
    } catch (error) {
      setAnswering(null);
      if (isApiError(error) && error.status === 404) return onGone();
      // signed out meanwhile (in another tab): sign in again and come back here
      if (isApiError(error) && error.status === 401)
        return navigate(paths.login, { replace: true, state: returnHereState(location) });
      notify(t('consent.failedTitle'), t('consent.failedText'), 'error');
    }
  };

  const status = !student.verified
    ? t('consent.notVerified')
    : student.verifiedUntil
      ? t('consent.verifiedUntil', { date: formatDate(student.verifiedUntil, i18n.language) })
      : t('consent.verified');

  return (
    <FormPage
      title={t('consent.title', { app })}
      subtitle={t('consent.subtitle')}
      icon={<VerifiedUserOutlined />}
      documentTitle={t('documentTitle')}
    >
      {interaction.app.mode === 'test' ? (
        <Stack sx={{ alignItems: 'center', gap: 1, mb: 2, textAlign: 'center' }}>
          <Chip label={t('consent.testApp')} color="warning" size="small" />
          <Typography variant="body2" color="text.secondary">
            {t('consent.testAppNote', { app })}
          </Typography>
        </Stack>
      ) : null}
      {/*
        A student who is not verified may still allow: the checkout gets a clear "not verified" (and goes on at the full
        price, or tells them to verify) where declining would look to the brand like a cancelled sign-in. The notice
        says plainly what the brand will learn, and offers the verification first.
      */}
      {asksStatus && !student.verified ? (
        <NotVerifiedNotice app={app} checking={checking} onCheckAgain={onCheckAgain} />
      ) : null}
      <Box
        component="form"
        aria-labelledby={sharesId}
        aria-busy={answering !== null}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void answer(true);
        }}
      >
        <Typography id={sharesId} component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('consent.sharesTitle', { app })}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {asksStatus ? (
            <Shared
              icon={
                student.verified ? <VerifiedOutlined color="success" /> : <InfoOutlined color="warning" />
              }
            >
              {status}
            </Shared>
          ) : null}
          {asksName ? (
            <OptionalShare
              checked={shareName}
              onChange={setShareName}
              disabled={answering !== null}
              label={t('consent.firstName', { name: student.firstName })}
              help={t('consent.firstNameHelp')}
            />
          ) : null}
          {asksInstitution ? (
            <OptionalShare
              checked={shareInstitution}
              onChange={setShareInstitution}
              disabled={answering !== null}
              label={
                student.institution
                  ? t('consent.institutionNamed', { name: student.institution })
                  : t('consent.institution')
              }
              help={t('consent.institutionHelp')}
            />
          ) : null}
          {!asksStatus && !asksName && !asksInstitution ? (
            <Shared icon={<InfoOutlined color="action" />}>{t('consent.idOnly', { app })}</Shared>
          ) : null}
        </Box>
        <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', mt: 2 }}>
          <LockOutlined aria-hidden="true" fontSize="small" color="action" />
          <Typography variant="body2">{t('consent.private', { app })}</Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('consent.signedInAs', { name: student.firstName })}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row-reverse' }} sx={{ gap: 1.5, mt: 3 }}>
          <SubmitButton
            busy={answering === 'allow'}
            busyLabel={t('consent.sending')}
            disabled={answering !== null}
            fullWidth
          >
            {t('consent.allow')}
          </SubmitButton>
          <Button
            variant="outlined"
            size="large"
            fullWidth
            disabled={answering !== null}
            onClick={() => void answer(false)}
          >
            {answering === 'decline' ? t('consent.sending') : t('consent.decline')}
          </Button>
        </Stack>
      </Box>
    </FormPage>
  );
}
