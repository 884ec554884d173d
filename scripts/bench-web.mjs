// npm run bench:web: Lighthouse on the student app's home page, as a phone sees it (mobile form factor, Lighthouse's
// default simulated throttling, performance only), in Debian's Chromium. Prints the score, FCP, LCP, TBT, CLS, Speed
// Index and the JavaScript transferred. A benchmark: it fails on errors, never on the figures.
//   npm run bench:web                        starts the stack as the browser journeys do (scripts/e2e/serve.mjs):
//                                            a fresh database, a temporary DATA_DIR, ports 8080, 4001-4004, 9000,
//                                            1025 and 8025; it builds nothing, so run `npm run build` first
//   npm run bench:web -- --url <url>         measures a stack that already runs there instead
//   npm run bench:web -- --runs <n>          n runs one after the other, then their medians (default 1)
// A first run, before those, only warms the stack up.
import { createRequire } from 'node:module';
import { pathToFileURL, URL } from 'node:url';
import lighthouse from 'lighthouse';
import { median, runBench } from './local/bench-stack.mjs';
import { LaunchError } from './local/failure.mjs';

const USAGE = 'usage: npm run bench:web [-- --url http://localhost:8080] [-- --runs 3]';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

// chrome-launcher is the launcher Lighthouse itself depends on
const require = createRequire(import.meta.url);
const LIGHTHOUSE_VERSION = require('lighthouse/package.json').version;
const launcherPath = createRequire(require.resolve('lighthouse/package.json')).resolve('chrome-launcher');
const { launch } = await import(pathToFileURL(launcherPath).href);

/** The figures of one Lighthouse run. */
function figuresOf(lhr) {
  const value = (id) => lhr.audits[id].numericValue;
  const scripts = lhr.audits['resource-summary'].details.items.find((item) => item.resourceType === 'script');
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    si: value('speed-index'),
    js: scripts?.transferSize ?? 0,
  };
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const COLUMNS = [
  ['performance', (f) => String(f.score)],
  ['FCP', (f) => seconds(f.fcp)],
  ['LCP', (f) => seconds(f.lcp)],
  ['TBT', (f) => `${Math.round(f.tbt)} ms`],
  ['CLS', (f) => f.cls.toFixed(3)],
  ['Speed Index', (f) => seconds(f.si)],
  ['JS transferred', (f) => `${(f.js / 1000).toFixed(1)} kB`],
];
const width = (title) => Math.max(title.length, 9) + 2;
const row = (label, cells) => [
  label.padEnd(8),
  ...cells.map((cell, i) => cell.padStart(width(COLUMNS[i][0]))),
];
const printRow = (label, f) =>
  console.log(
    row(
      label,
      COLUMNS.map(([, show]) => show(f)),
    ).join(''),
  );

/** Tries again once a run Lighthouse could not record (it now and then misses the trace's start: NO_NAVSTART). */
const ATTEMPTS_PER_RUN = 2;

/** One Lighthouse run's result (lhr) on the Chromium at `port`. */
async function lighthouseRun(homeUrl, port) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(homeUrl, {
      port,
      logLevel: 'error',
      onlyCategories: ['performance'],
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { runtimeError } = result.lhr;
    if (!runtimeError) return result.lhr;
    if (attempt === ATTEMPTS_PER_RUN) throw new Error(`Lighthouse: ${runtimeError.message}`);
    console.log(`  Lighthouse could not record this run (${runtimeError.code}); once more`);
  }
}

async function measure(homeUrl, runs) {
  const chromium = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  const results = [];
  try {
    console.log(`\nLighthouse ${LIGHTHOUSE_VERSION}, mobile, simulated throttling: ${homeUrl}`);
    console.log(
      row(
        '',
        COLUMNS.map(([title]) => title),
      ).join(''),
    );
    // a first run, not counted, warms the stack up (a server just started answers its first requests slowly)
    await lighthouseRun(homeUrl, chromium.port);
    for (let run = 1; run <= runs; run++) {
      const lhr = await lighthouseRun(homeUrl, chromium.port);
      for (const warning of lhr.runWarnings) console.log(`  warning: ${warning}`);
      results.push(figuresOf(lhr));
      printRow(`run ${run}`, results.at(-1));
    }
  } finally {
    chromium.kill();
  }
  if (runs > 1) {
    printRow(
      'median',
      Object.fromEntries(Object.keys(results[0]).map((key) => [key, median(results.map((r) => r[key]))])),
    );
  }
}

await runBench(
  'bench:web',
  { options: { url: { type: 'string' }, runs: { type: 'string' } }, usage: USAGE },
  async ({ options, startStack }) => {
    const runs = Number(options.runs ?? 1);
    if (!Number.isInteger(runs) || runs < 1) throw new LaunchError(`--runs takes a whole number\n${USAGE}`);
    const baseUrl = options.url ?? (await startStack()).url;
    await measure(new URL('/', baseUrl).toString(), runs);
  },
);
