import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { MERCHANT_INVITATION_HOURS } from '@tullab/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { notify } from '@tullab/web-kit/notify';
import { paths } from '../../app/paths';
import { FormPage } from '@tullab/web-kit/components/FormPage';
import { submitting } from '@tullab/web-kit/forms/validate';
import { NewPasswordForm } from '@tullab/web-kit/account/NewPasswordForm';
import type { CreatePasswordForm } from '@tullab/web-kit/account/schemas';
import { storeUser } from '@tullab/web-kit/session/stored-user';
import { useAcceptMerchantInvitationMutation } from './api';
import { acceptanceRefusal } from './invitation-refusals';

/**
 * The link of a merchant's invitation e-mail (issue 16): choose a password (the registration's rules), which makes the
 * account and signs the merchant in, then the portal. A link without its token, or one the server refuses, says so in
 * the page's language: an address that became a Tullab account meanwhile ends the invitation (T24).
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation(['merchant', 'auth']);
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [accept] = useAcceptMerchantInvitationMutation();
  const navigate = useNavigate();

  const onSubmit = (values: CreatePasswordForm) =>
    submitting(
      async () => {
        const user = await accept({ token, password: values.password }).unwrap();
        storeUser(user);
        notify(t('invitation.welcomeTitle'), t('invitation.welcome', { name: user.firstName }), 'success');
        navigate(paths.merchant, { replace: true });
      },
      (error) => notify(t('invitation.failedTitle'), acceptanceRefusal(t, error), 'error'),
    );

  return (
    <FormPage
      title={t('invitation.title')}
      subtitle={t('invitation.subtitle')}
      icon={<MarkEmailReadOutlined />}
    >
      {token ? (
        <NewPasswordForm
          onSubmit={onSubmit}
          submitLabel={t('invitation.submit')}
          busyLabel={t('invitation.busy')}
          ariaLabel={t('invitation.title')}
        />
      ) : (
        <Alert severity="error" data-testid="invitation-no-token">
          {t('invitation.noToken', { hours: MERCHANT_INVITATION_HOURS })}
        </Alert>
      )}
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        {t('invitation.haveAccount')}{' '}
        <Link component={RouterLink} to={paths.merchantSignIn}>
          {t('invitation.signIn')}
        </Link>
      </Typography>
    </FormPage>
  );
}
