import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { verificationCardModel, type StatusTone } from '../verification-status';
import { DashboardCard } from './DashboardCard';

const TONE_STYLE: Record<StatusTone, { color: string; icon: typeof CheckCircleOutline }> = {
  success: { color: 'success.dark', icon: CheckCircleOutline },
  warning: { color: 'warning.dark', icon: HourglassEmpty },
  error: { color: 'error.main', icon: ErrorOutline },
  neutral: { color: 'text.secondary', icon: RadioButtonUnchecked },
};

/** SPEC §4 "Verification status (dashboard)": the status row, the submitted e-mail and the button. */
export function VerificationCard(props: {
  status?: string | null;
  studentEmail?: string | null;
  verifiedAt?: string | null;
}) {
  const { t } = useTranslation('dashboard');
  const model = verificationCardModel(props);
  const { color, icon: Icon } = TONE_STYLE[model.tone];
  return (
    <DashboardCard title={t('verification.title')} icon={<SchoolOutlined />}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <Icon sx={{ color, mt: 0.25 }} aria-hidden="true" />
        <Box>
          <Typography component="p" sx={{ fontWeight: 700, color }}>
            {model.title}
          </Typography>
          <Typography color="text.secondary">{model.text}</Typography>
        </Box>
      </Box>
      {model.submittedEmail ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          <Trans
            t={t}
            i18nKey="verification.submittedEmail"
            values={{ email: model.submittedEmail }}
            components={{ strong: <strong dir="ltr" /> }}
          />
        </Alert>
      ) : null}
      {model.note ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {model.note}
        </Alert>
      ) : null}
      {model.action ? (
        <Button component={RouterLink} to={model.action.to} variant="contained" sx={{ mt: 2 }}>
          {model.action.label}
        </Button>
      ) : null}
    </DashboardCard>
  );
}
