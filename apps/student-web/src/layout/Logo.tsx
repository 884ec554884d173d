import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../app/paths';

/** The brand's word mark: written in Latin letters in every language. */
const WORD_MARK = 'Tullab';

/**
 * The Tullab word mark; always links home (SPEC §2 header and footer). Styled by index.html, which paints the same
 * logo in its first screen before the app has loaded.
 */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  const { t } = useTranslation();
  return (
    <RouterLink
      to={paths.home}
      aria-label={t('logo.home')}
      className={inverted ? 'site-logo site-logo-inverted' : 'site-logo'}
    >
      {WORD_MARK}
    </RouterLink>
  );
}
