import { startI18n } from '@tullab/web-kit/i18n/start';
import type { Language } from '@tullab/web-kit/i18n/languages';

/**
 * Starts the student app's texts in the page's language with `namespaces` loaded besides `common`: its own catalogues
 * (`locales/<language>/<namespace>.json`), each fetched the first time a screen asks for it.
 */
export const startTexts = (namespaces: string[]): Promise<Language> =>
  startI18n(namespaces, (language, namespace) => import(`./locales/${language}/${namespace}.json`));
