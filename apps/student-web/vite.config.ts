import { brotliCompressSync, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { appConfig } from '@tullab/ui/vite';
import { pageHeads } from './src/root/page-heads';
import { paths } from './src/app/paths';
import { HOME_NAMESPACES } from './src/i18n/namespaces';

/**
 * Writes `routes.json`: the gateway answers these paths with index.html and 200, any other page with 404
 * (`/offers/:offerId`: any one segment). And `pages.json`: each page's `<title>` and description in each language,
 * from the catalogues, which the gateway writes into the HTML it sends (issue 13: previews, crawlers).
 */
function routeManifest(): Plugin {
  return {
    name: 'tullab-route-manifest',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: JSON.stringify(Object.values(paths)) });
      this.emitFile({ type: 'asset', fileName: 'pages.json', source: JSON.stringify(pageHeads()) });
    },
  };
}

/** index.html's hero, between these comments: the home page's first paint, which no other page should show. */
const HOME_HERO = /\s*<!-- home hero[\s\S]*?<!-- \/home hero -->/;

/**
 * Writes `app.html`, index.html without the home page's hero: the gateway sends it for every other route, whose first
 * paint is then the header alone. The dev server leaves the hero out the same way everywhere but at `/`.
 */
function pageWithoutHomeHero(): Plugin {
  return {
    name: 'tullab-page-without-home-hero',
    // after Vite has written index.html, before the compression plugin compresses the bundle
    enforce: 'post',
    transformIndexHtml(html, { server, originalUrl }) {
      const atHome = new URL(originalUrl ?? '/', 'http://localhost').pathname === '/';
      return server && !atHome ? html.replace(HOME_HERO, '') : html;
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return this.error('index.html is missing from the bundle');
      this.emitFile({
        type: 'asset',
        fileName: 'app.html',
        source: String(index.source).replace(HOME_HERO, ''),
      });
    },
  };
}

/** Issue 5: the JavaScript the home page needs before it works, as transferred (brotli, which browsers accept). */
const HOME_PAGE_BUDGET_BYTES = 200 * 1000;

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The catalogues the home page starts with (render-app): `common` and HOME_NAMESPACES of the page's language. */
const HOME_CATALOGUE = new RegExp(`/src/i18n/locales/(\\w+)/(common|${HOME_NAMESPACES.join('|')})\\.json$`);

/** The language a chunk belongs to when the home page loads it in that language only: a catalogue, or the RTL styles. */
function homeLanguagePart(moduleId: string | null): string | null {
  if (!moduleId) return null;
  if (moduleId.endsWith('/src/i18n/rtl-cache.ts')) return 'ar';
  return HOME_CATALOGUE.exec(moduleId)?.[1] ?? null;
}

/**
 * Fails the build when the JavaScript the browser must load before the home page runs passes the budget once
 * compressed with brotli, as the gateway sends it: the entry chunk, the app it starts (its dynamic imports) and the
 * parts the app starts with (theirs), and everything those import statically, plus the texts (and, right to left, the
 * styles) of the language that weighs most. Pages loaded on demand are not counted.
 * Prints the figure either way, with the gzip one for clients without brotli.
 */
function homePageBudget(): Plugin {
  return {
    name: 'tullab-home-page-budget',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((item) =>
          item.type === 'chunk' ? [[item.fileName, item] as const] : [],
        ),
      );
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) return;
      const loaded = new Set<string>();
      const visit = (fileName: string) => {
        if (loaded.has(fileName)) return;
        loaded.add(fileName);
        chunks.get(fileName)?.imports.forEach(visit);
      };
      const startedBy = (fileName: string) => chunks.get(fileName)?.dynamicImports ?? [];
      const app = startedBy(entry.fileName);
      [entry.fileName, ...app, ...app.flatMap(startedBy)].forEach(visit);
      // and, in the language that weighs most, its texts the home page starts with (and, for Arabic, its styles)
      const perLanguage = new Map<string, string[]>();
      for (const chunk of chunks.values()) {
        const language = homeLanguagePart(chunk.facadeModuleId);
        if (language) perLanguage.set(language, [...(perLanguage.get(language) ?? []), chunk.fileName]);
      }
      const size = (names: Iterable<string>, compress: (text: string) => Buffer) =>
        [...names].reduce((sum, name) => sum + compress(chunks.get(name)?.code ?? '').length, 0);
      const heaviest = [...perLanguage.entries()]
        .map(([language, names]) => ({ language, names, bytes: size(names, brotliCompressSync) }))
        .sort((a, b) => b.bytes - a.bytes)[0];
      const brotli = size(loaded, brotliCompressSync) + (heaviest?.bytes ?? 0);
      const gzip = size(loaded, gzipSync) + size(heaviest?.names ?? [], gzipSync);
      const summary = `home page JavaScript: ${kB(brotli)} brotli, ${kB(gzip)} gzip, with its ${heaviest?.language ?? 'no'} texts (budget ${kB(HOME_PAGE_BUDGET_BYTES)})`;
      if (brotli > HOME_PAGE_BUDGET_BYTES) this.error(summary);
      this.info(summary);
    },
  };
}

/**
 * React in a chunk of its own, which changes least and stays cached across releases. Everything else is left to
 * Rollup, so a library only the lazy pages use (zod, react-final-form, most of MUI) loads with them, not with the
 * home page (issue 5: at most 200 kB of gzipped JavaScript before the home page works).
 */
function vendorChunk(id: string): string | undefined {
  return /\/node_modules\/(react|react-dom|scheduler)\//.test(id) ? 'react' : undefined;
}

// The gateway serves the built app at `/` and the API at `/api`; in dev, Vite proxies `/api` to a running gateway.
export default defineConfig(
  appConfig({
    base: '/',
    port: 5173,
    manualChunks: vendorChunk,
    plugins: [routeManifest(), pageWithoutHomeHero(), homePageBudget()],
  }),
);
