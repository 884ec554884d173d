import type { OFFER_RULES } from '@tullab/contracts/rule-texts';
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { detectLanguage, rememberLanguage } from './detect';
import { markDocument, prepareDirection } from './direction';
import { DEFAULT_LANGUAGE, isLanguage, languages, type Language } from './languages';

/** The catalogue every screen uses: the header, footer, menus, toasts and shared form texts. */
export const COMMON_NAMESPACE = 'common';

/** An app's catalogue of one language and namespace: its own `locales/<language>/<namespace>.json`, fetched. */
export type LoadCatalogue = (language: string, namespace: string) => Promise<unknown>;

/**
 * The catalogues the contracts hold, which the server answers from too (docs/errors.md "Field errors"): fetched
 * from `@tullab/contracts` the first time a form asks for them, never from an app's own files.
 */
const contractCatalogues: Record<typeof OFFER_RULES, (language: string) => Promise<unknown>> = {
  offerRules: async (language) =>
    (await import('@tullab/contracts/rule-texts')).offerRuleTexts[
      isLanguage(language) ? language : DEFAULT_LANGUAGE
    ],
};

const fromContracts = (namespace: string): namespace is keyof typeof contractCatalogues =>
  Object.hasOwn(contractCatalogues, namespace);

/**
 * Starts i18next in the page's language (detectLanguage) with the given namespaces loaded. Catalogues are fetched on
 * demand through the app's `load`, one file per language and namespace, so a page loads only the texts of its
 * language and its screens; a screen asking for a namespace not loaded yet suspends until it is.
 */
export async function startI18n(namespaces: string[], load: LoadCatalogue): Promise<Language> {
  const language = detectLanguage();
  await Promise.all([
    prepareDirection(language),
    i18n
      .use(
        resourcesToBackend((language: string, namespace: string) =>
          fromContracts(namespace) ? contractCatalogues[namespace](language) : load(language, namespace),
        ),
      )
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: languages,
        ns: [COMMON_NAMESPACE, ...namespaces],
        defaultNS: COMMON_NAMESPACE,
        // React escapes what it renders
        interpolation: { escapeValue: false },
      }),
  ]);
  markDocument(language);
  return language;
}

/** The language the page shows now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/**
 * Shows the page in `language`: fetches its direction's styles and font and the catalogues in use, then switches, so
 * the page never shows half in one language; the choice is kept for the next visit.
 */
export async function switchLanguage(language: Language): Promise<void> {
  await prepareDirection(language);
  await i18n.changeLanguage(language);
  markDocument(language);
  rememberLanguage(language);
}
