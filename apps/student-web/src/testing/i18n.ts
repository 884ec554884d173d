import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { COMMON_NAMESPACE } from '../i18n';
import { DEFAULT_LANGUAGE, languages } from '../i18n/languages';

const LOCALES = path.join(__dirname, '../i18n/locales');

/** Every catalogue of `language`, read from disk: tests render at once, without fetching. */
function catalogues(language: string): Resource[string] {
  const folder = path.join(LOCALES, language);
  return Object.fromEntries(
    readdirSync(folder)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [
        path.basename(file, '.json'),
        JSON.parse(readFileSync(path.join(folder, file), 'utf8')),
      ]),
  );
}

// Tests render in English, as the SPEC's texts are written; a test may switch to Arabic and back.
void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: languages,
  resources: Object.fromEntries(languages.map((language) => [language, catalogues(language)])),
  defaultNS: COMMON_NAMESPACE,
  interpolation: { escapeValue: false },
  initAsync: false,
});

afterEach(async () => {
  if (i18n.language !== DEFAULT_LANGUAGE) await i18n.changeLanguage(DEFAULT_LANGUAGE);
});
