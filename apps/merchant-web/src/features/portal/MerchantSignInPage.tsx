import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SiteLink } from '@tullab/web-kit/components/SiteLink';
import { sitePaths } from '@tullab/web-kit/site-paths';
import { paths } from '../../app/paths';
import { FormPage } from '@tullab/web-kit/components/FormPage';
import { returnPathOf } from '@tullab/web-kit/session/return-to';
import { SignInForm } from '@tullab/web-kit/account/SignInForm';

/** Where a partner goes after signing in: back into the portal page they came from, or its overview. */
export function merchantReturnPath(state: unknown): string {
  const back = returnPathOf(state);
  return back.startsWith(paths.merchant) && back !== paths.merchantSignIn ? back : paths.merchant;
}

/**
 * The partner sign-in (issue 16): the same account sign-in as /login, then into the portal. An account that is not a
 * brand's lands on the portal's "for partner brands" notice.
 */
export function MerchantSignInPage() {
  const { t } = useTranslation(['merchant', 'auth']);

  return (
    <FormPage title={t('signIn.title')} subtitle={t('signIn.subtitle')} icon={<StorefrontOutlined />}>
      <SignInForm
        submitLabel={t('signIn.submit')}
        ariaLabel={t('signIn.title')}
        destination={(_user, state) => merchantReturnPath(state)}
      />
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        {t('signIn.notPartner')}{' '}
        <Link component={SiteLink} to={sitePaths.forBrands}>
          {t('signIn.apply')}
        </Link>
      </Typography>
    </FormPage>
  );
}
