import { useTranslation } from 'react-i18next';

/** The browser tab's title for a page, given in the page's language (React 19 hoists `<title>` into the head). */
export function DocumentTitle({ title }: { title: string }) {
  const { t } = useTranslation();
  return <title>{t('documentTitle', { title })}</title>;
}
