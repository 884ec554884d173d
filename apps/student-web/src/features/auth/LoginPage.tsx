import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { User } from '@tullab/web-kit/api/client';
import { sitePaths } from '@tullab/web-kit/site-paths';
import { paths } from '../../app/paths';
import { FormPage } from '@tullab/web-kit/components/FormPage';
import { returnPathOf } from '@tullab/web-kit/session/return-to';
import { SignInForm } from '@tullab/web-kit/account/SignInForm';

export { LOGIN_FAILED_DEFAULT } from '@tullab/web-kit/account/SignInForm';

/**
 * Where a user goes after signing in: back where they came from; a brand's account that came from nowhere to its
 * portal (issue 16), its own app since issue 29: a page load away.
 */
function destination(user: User, state: unknown): string {
  const back = returnPathOf(state);
  return user.role === 'merchant' && back === paths.home ? sitePaths.merchantPortal : back;
}

/** SPEC §2 /login. */
export function LoginPage() {
  const { t } = useTranslation('auth');

  return (
    <FormPage
      title={t('login.title')}
      documentTitle={t('login.documentTitle')}
      subtitle={t('login.subtitle')}
    >
      <SignInForm submitLabel={t('login.submit')} destination={destination} />
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        {t('login.noAccount')}{' '}
        <Link component={RouterLink} to={paths.signup}>
          {t('login.signUp')}
        </Link>
      </Typography>
      <Typography sx={{ mt: 1, textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.home}>
          {t('login.backHome')}
        </Link>
      </Typography>
    </FormPage>
  );
}
