import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { languages } from '../i18n/languages';

type Catalogue = { [key: string]: string | Catalogue };

/** Every key of a catalogue, nested ones as `a.b.c`. */
function keysOf(catalogue: Catalogue, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

const namespacesIn = (locales: string, language: string) =>
  readdirSync(path.join(locales, language))
    .filter((file) => file.endsWith('.json'))
    .map((file) => path.basename(file, '.json'))
    .sort();

const readIn = (locales: string, language: string, namespace: string): Catalogue =>
  JSON.parse(readFileSync(path.join(locales, language, `${namespace}.json`), 'utf8'));

/** A key without its plural suffix: Arabic has six plural forms where English has two. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const withoutPlural = (keys: string[]) => [...new Set(keys.map((key) => key.replace(PLURAL, '')))].sort();

/**
 * The catalogue checks of an app (issue 12), for its `catalogues.test.ts`: the same namespaces and keys in every
 * language, no empty text, and every plural form Arabic needs.
 */
export function describeCatalogues(locales: string): void {
  const namespacesOf = (language: string) => namespacesIn(locales, language);
  const read = (language: string, namespace: string) => readIn(locales, language, namespace);
  describe('message catalogues (issue 12)', () => {
    test('every language has the same namespaces', () => {
      for (const language of languages) expect(namespacesOf(language)).toEqual(namespacesOf('en'));
    });

    test.each(namespacesOf('en'))(
      '%s: every key exists in every language, and no text is empty',
      (namespace) => {
        const english = keysOf(read('en', namespace));
        for (const language of languages) {
          const catalogue = read(language, namespace);
          const keys = keysOf(catalogue);
          expect({ language, keys: withoutPlural(keys) }).toEqual({ language, keys: withoutPlural(english) });
          const empty = keys.filter(
            (key) =>
              key.split('.').reduce<unknown>((node, part) => (node as Catalogue)[part], catalogue) === '',
          );
          expect({ language, empty }).toEqual({ language, empty: [] });
        }
      },
    );

    test('Arabic has every plural form Arabic grammar needs where English has plurals', () => {
      const forms = ['zero', 'one', 'two', 'few', 'many', 'other'];
      for (const namespace of namespacesOf('en')) {
        const plurals = withoutPlural(keysOf(read('en', namespace)).filter((key) => PLURAL.test(key)));
        const arabic = new Set(keysOf(read('ar', namespace)));
        const missing = plurals
          .flatMap((key) => forms.map((form) => `${key}_${form}`))
          .filter((key) => !arabic.has(key));
        expect({ namespace, missing }).toEqual({ namespace, missing: [] });
      }
    });
  });
}
