import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, languages, type Language } from '@tullab/http';

const head = z.object({ title: z.string(), description: z.string() });
const perLanguage = <T extends z.ZodType>(schema: T) => z.object({ en: schema, ar: schema });

/**
 * `pages.json`, which the student app's build writes beside `routes.json` (apps/student-web/src/app/page-heads.ts):
 * each route's `<title>` and description in each language, from the app's catalogues, whether crawlers may index
 * it, the not-found page's, and the words of an offer's preview.
 */
const pageHeadsSchema = z.object({
  pages: z.record(z.string(), z.object({ indexed: z.boolean(), en: head, ar: head })),
  notFound: perLanguage(head),
  offer: perLanguage(
    z.object({
      documentTitle: z.string(),
      badge: z.object({
        referral: z.string(),
        percentage: z.string(),
        fixed: z.string(),
        off: z.string(),
        free: z.string(),
        freeShipping: z.string(),
      }),
    }),
  ),
});

export type PageHeads = z.infer<typeof pageHeadsSchema>;
export type PageHead = z.infer<typeof head>;

/**
 * The build's `pages.json`, read per request like index.html and routes.json (a rebuild is picked up); null before a
 * build that writes it, or when it is not what the build writes: the pages are then sent as built.
 */
export async function readPageHeads(dir: string): Promise<PageHeads | null> {
  try {
    const parsed = pageHeadsSchema.safeParse(
      JSON.parse(await readFile(path.join(dir, 'pages.json'), 'utf8')),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The language a page is asked in (decision 011): `?lang=ar` or `?lang=en`, else English. */
export function pageLanguage(search: URLSearchParams): Language {
  const asked = search.get('lang')?.trim().toLowerCase().split('-')[0];
  return (languages as readonly string[]).includes(asked ?? '') ? (asked as Language) : DEFAULT_LANGUAGE;
}

/**
 * The route of `routes` a path is (`/offers/:offerId` stands for any one segment), with its parameters; null for a
 * path no route names.
 */
export function matchRoute(
  routes: Iterable<string>,
  pathname: string,
): { route: string; params: Record<string, string> } | null {
  const segments = pathname.split('/');
  for (const route of routes) {
    if (route === pathname) return { route, params: {} };
    if (!route.includes(':')) continue;
    const pattern = route.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, i) => {
      if (!part.startsWith(':')) return part === segments[i];
      if (!segments[i]) return false;
      try {
        params[part.slice(1)] = decodeURIComponent(segments[i]);
      } catch {
        return false;
      }
      return true;
    });
    if (matches) return { route, params };
  }
  return null;
}
