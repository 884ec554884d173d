// The app's own message catalogues, so a journey in another language finds what the student reads there without
// retyping its texts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Catalogue = { [key: string]: string | Catalogue };

const LOCALES = fileURLToPath(new URL('../src/i18n/locales', import.meta.url));
const loaded = new Map<string, Catalogue>();

function catalogue(language: string, namespace: string): Catalogue {
  const file = path.join(LOCALES, language, `${namespace}.json`);
  if (!loaded.has(file)) loaded.set(file, JSON.parse(readFileSync(file, 'utf8')));
  return loaded.get(file) as Catalogue;
}

/**
 * The text of `key` (`namespace:a.b.c`) in `language`, with `{{name}}` placeholders filled from `values`. Throws for
 * a key the catalogue lacks, so a renamed key fails the journey where it is used.
 */
export function text(language: string, key: string, values: Record<string, string> = {}): string {
  const [namespace, dotted] = key.split(':');
  const found = dotted
    .split('.')
    .reduce<string | Catalogue | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      catalogue(language, namespace),
    );
  if (typeof found !== 'string') throw new Error(`${language}/${namespace}.json has no text "${dotted}"`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}

/** The Arabic text of `key`. */
export const ar = (key: string, values?: Record<string, string>) => text('ar', key, values);
