import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';

/** The id of a page's `<main>`, which the skip link goes to. */
export const MAIN_CONTENT_ID = 'main-content';

/** The first thing a keyboard reaches on every page: hidden until focused, it jumps past the header to `<main>`. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip,
        bgcolor: 'background.paper',
        px: 2,
        py: 1,
        borderRadius: 1,
        '&:focus': { top: 8 },
      }}
    >
      {t('skipToContent')}
    </Link>
  );
}
