import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../app/paths';

/** The Tullab word mark; always links home (SPEC §2 header and footer). */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Link
      component={RouterLink}
      to={paths.home}
      aria-label="Tullab home"
      underline="none"
      sx={{
        fontSize: '1.6rem',
        fontWeight: 800,
        letterSpacing: '-0.02em',
        color: inverted ? 'common.white' : 'secondary.main',
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
      }}
    >
      <span
        aria-hidden="true"
        style={{ width: 14, height: 14, borderRadius: 4, background: '#57CC97', display: 'inline-block' }}
      />
      Tullab
    </Link>
  );
}
