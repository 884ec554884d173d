import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { OFFER_RULES, offerRuleTexts } from '@tullab/contracts/rule-texts';
import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, languages, type Language } from '../i18n/languages';
import { COMMON_NAMESPACE } from '../i18n/start';

/**
 * Every catalogue of `language` in an app's `locales` folder, read from disk, and the contracts' (the offer rules):
 * tests render at once, without fetching.
 */
function catalogues(locales: string, language: Language): Resource[string] {
  const folder = path.join(locales, language);
  return {
    [OFFER_RULES]: offerRuleTexts[language],
    ...Object.fromEntries(
      readdirSync(folder)
        .filter((file) => file.endsWith('.json'))
        .map((file) => [
          path.basename(file, '.json'),
          JSON.parse(readFileSync(path.join(folder, file), 'utf8')),
        ]),
    ),
  };
}

/**
 * A jest set-up file's start of the texts: every catalogue of the app's `locales` folder, in English, as the SPEC's
 * texts are written; a test may switch to Arabic, and is switched back after it.
 */
export function startTestTexts(locales: string): void {
  void i18n.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: languages,
    resources: Object.fromEntries(languages.map((language) => [language, catalogues(locales, language)])),
    defaultNS: COMMON_NAMESPACE,
    interpolation: { escapeValue: false },
    initAsync: false,
  });

  afterEach(async () => {
    if (i18n.language !== DEFAULT_LANGUAGE) await i18n.changeLanguage(DEFAULT_LANGUAGE);
  });
}
