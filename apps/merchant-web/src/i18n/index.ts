import { startI18n } from '@tullab/web-kit/i18n/start';
import type { Language } from '@tullab/web-kit/i18n/languages';

/**
 * Starts the portal's texts in the page's language: its own catalogues (`locales/<language>/<namespace>.json`), each
 * fetched the first time a screen asks for it.
 */
export const startTexts = (): Promise<Language> =>
  startI18n([], (language, namespace) => import(`./locales/${language}/${namespace}.json`));
