// npm run bench:catalogue: the home page with a large catalogue, on a throttled phone (issue "Fast path", point 6).
// For each catalogue size it prints what GET /api/offers weighs (as JSON and as sent, brotli) and, in Debian's
// Chromium with Lighthouse's mobile profile (150 ms round trips, 1.6 Mbit/s down, the CPU slowed 4 times, a
// 412 × 823 touch screen), the medians over the runs of: when the catalogue had arrived, when the first offer card
// was on screen, the main thread's blocking time until then, and, while typing a search word one key at a time and
// then while changing the sort, the longest main-thread task (0: none over 50 ms) and the longest input-to-paint
// delay (0: none over 16 ms). A benchmark: it fails on
// errors, never on the figures.
//   npm run bench:catalogue                       the demo catalogue, then 5,000 offers
//   npm run bench:catalogue -- --offers 500,5000  the demo catalogue, then each of these sizes
//   npm run bench:catalogue -- --runs <n>         page loads per size (default 3)
// It starts the stack as npm run bench:web does (npm run build first) and grows the catalogue with copies of the
// demo offers, written straight to offers' table (brand names numbered, so searches have something to find).
import { chromium } from '@playwright/test';
import pg from 'pg';
import { median, runBench } from './local/bench-stack.mjs';
import { LaunchError } from './local/failure.mjs';

const USAGE = 'usage: npm run bench:catalogue [-- --offers 500,5000] [-- --runs 3]';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Lighthouse 12's mobile profile (its default simulated throttling, here applied for real) */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: 1_638_400 / 8,
  uploadThroughput: 768_000 / 8,
};
const CPU_SLOWDOWN = 4;
const SEARCH_WORD = 'bench';
const KEY_PAUSE_MS = 250;

/** Makes offers' catalogue `size` live offers: copies of the live demo offers, numbered. */
async function growCatalogue(databaseUrl, size) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(
      `select column_name from information_schema.columns
        where table_schema = 'offers' and table_name = 'offer' order by ordinal_position`,
    );
    const changed = {
      id: 'gen_random_uuid()',
      brand_name: `o.brand_name || ' ${SEARCH_WORD} ' || n`,
      created_at: `now() - n * interval '1 minute'`,
      current_uses: '(random() * 500)::int',
    };
    const columns = rows.map((row) => row.column_name);
    const listed = `status = 'live' and (expires_at is null or expires_at > now())`;
    const live = Number((await db.query(`select count(*) from offers.offer where ${listed}`)).rows[0].count);
    const missing = size - live;
    if (missing <= 0) return;
    const perOffer = Math.ceil(
      missing /
        (
          await db.query(`select count(*) from offers.offer o where ${listed} and
      merchant_application_id is null`)
        ).rows[0].count,
    );
    await db.query(
      `insert into offers.offer (${columns.map((c) => `"${c}"`).join(', ')})
       select ${columns.map((c) => changed[c] ?? `o."${c}"`).join(', ')}
         from offers.offer o cross join generate_series(1, $1) n
        where o.${listed.replaceAll(' expires_at', ' o.expires_at')} and o.merchant_application_id is null
        limit $2`,
      [perOffer, missing],
    );
  } finally {
    await db.end();
  }
}

/** Waits until the gateway's catalogue lists `size` offers; answers its bytes as JSON and as sent with brotli. */
async function catalogueOf(baseUrl, size) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(new URL('/api/offers', baseUrl), { headers: { 'accept-encoding': 'identity' } });
    const json = await res.arrayBuffer();
    if (JSON.parse(Buffer.from(json).toString('utf8')).length === size) {
      const encoded = await fetch(new URL('/api/offers', baseUrl), { headers: { 'accept-encoding': 'br' } });
      await encoded.arrayBuffer();
      // fetch decodes; the length the gateway sent is its Content-Length
      return { json: json.byteLength, sent: Number(encoded.headers.get('content-length')) };
    }
    if (Date.now() > deadline) throw new Error(`the catalogue never listed ${size} offers`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/* global window -- these functions run in the page */
/** Runs in the page before anything else: records long tasks and slow inputs from the start. */
function observeMainThread() {
  window.__bench = { tasks: [], events: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__bench.tasks.push({ start: entry.startTime, ms: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__bench.events.push({ start: entry.startTime, ms: entry.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/** Blocking time (the part of each long task past 50 ms) and the longest task, of tasks starting in [from, to). */
function blocking(tasks, from, to) {
  const within = tasks.filter((task) => task.start >= from && task.start < to);
  return {
    blockingMs: within.reduce((sum, task) => sum + Math.max(0, task.ms - 50), 0),
    longestTaskMs: Math.max(0, ...within.map((task) => task.ms)),
  };
}

/** One page load on the throttled phone, then a search typed and a sort chosen. */
async function pageLoad(browser, baseUrl) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await page.addInitScript(observeMainThread);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(new URL('/', baseUrl).toString());
    const firstCard = page.locator('ul[aria-label="Offers"] > li').first();
    await firstCard.waitFor({ state: 'visible', timeout: 120_000 });
    const firstCardMs = await page.evaluate(() => performance.now());
    const catalogueMs = await page.evaluate(
      () =>
        performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === '/api/offers')
          ?.responseEnd,
    );

    const search = page.getByLabel('Search offers');
    const typingFrom = await page.evaluate(() => performance.now());
    await search.click();
    for (const key of SEARCH_WORD) {
      await page.keyboard.press(key);
      await page.waitForTimeout(KEY_PAUSE_MS);
    }
    const sortingFrom = await page.evaluate(() => performance.now());
    await page.getByLabel('Sort by').selectOption('name-az');
    await page.waitForTimeout(1000);
    const { tasks, events } = await page.evaluate(() => window.__bench);
    const sortingTo = await page.evaluate(() => performance.now());
    const longestInput = (from, to) =>
      Math.max(0, ...events.filter((e) => e.start >= from && e.start < to).map((e) => e.ms));
    return {
      catalogueMs,
      firstCardMs,
      loadBlockingMs: blocking(tasks, 0, firstCardMs).blockingMs,
      typingTaskMs: blocking(tasks, typingFrom, sortingFrom).longestTaskMs,
      typingInputMs: longestInput(typingFrom, sortingFrom),
      sortingTaskMs: blocking(tasks, sortingFrom, sortingTo).longestTaskMs,
      sortingInputMs: longestInput(sortingFrom, sortingTo),
    };
  } finally {
    await context.close();
  }
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value) => `${Math.round(value)} ms`;

async function measure(baseUrl, databaseUrl, sizes, runs) {
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    console.log(
      `\nThe home page on a throttled phone (150 ms RTT, 1.6 Mbit/s, CPU / ${CPU_SLOWDOWN}), median of ${runs} loads`,
    );
    const header = [
      'offers',
      'JSON',
      'sent (br)',
      'catalogue in',
      'first card',
      'blocking',
      'typing: task',
      'input',
    ];
    console.log(header.map((title) => title.padStart(13)).join(''));
    for (const size of sizes) {
      if (size) await growCatalogue(databaseUrl, size);
      const listed = size || (await (await fetch(new URL('/api/offers', baseUrl))).json()).length;
      const bytes = await catalogueOf(baseUrl, listed);
      await pageLoad(browser, baseUrl); // warms the stack up; not counted
      const loads = [];
      for (let run = 0; run < runs; run++) loads.push(await pageLoad(browser, baseUrl));
      const mid = (key) => median(loads.map((load) => load[key]));
      console.log(
        [
          String(listed),
          kB(bytes.json),
          kB(bytes.sent),
          ms(mid('catalogueMs')),
          ms(mid('firstCardMs')),
          ms(mid('loadBlockingMs')),
          ms(mid('typingTaskMs')),
          ms(mid('typingInputMs')),
          ms(mid('sortingTaskMs')),
          ms(mid('sortingInputMs')),
        ]
          .map((cell) => cell.padStart(13))
          .join(''),
      );
    }
  } finally {
    await browser.close();
  }
}

await runBench(
  'bench:catalogue',
  { options: { offers: { type: 'string' }, runs: { type: 'string' } }, usage: USAGE },
  async ({ options, startStack }) => {
    const runs = Number(options.runs ?? 3);
    const sizes = (options.offers ?? '5000').split(',').map(Number);
    if (!Number.isInteger(runs) || runs < 1 || sizes.some((size) => !Number.isInteger(size) || size < 1))
      throw new LaunchError(`--runs and --offers take whole numbers\n${USAGE}`);
    const stack = await startStack();
    await measure(stack.url, stack.databaseUrl, [0, ...sizes.sort((a, b) => a - b)], runs);
  },
);
