import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../app/paths';

/**
 * The Tullab word mark; always links home (SPEC §2 header and footer). Styled by index.html, which paints the same
 * logo in its first screen before the app has loaded.
 */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <RouterLink
      to={paths.home}
      aria-label="Tullab home"
      className={inverted ? 'site-logo site-logo-inverted' : 'site-logo'}
    >
      Tullab
    </RouterLink>
  );
}
