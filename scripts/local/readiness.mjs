import { setTimeout as sleep } from 'node:timers/promises';
import { LaunchError } from './failure.mjs';
import { say } from './output.mjs';

const { fetch, AbortSignal } = globalThis;

/** null when /readyz answers 200, else what is missing, e.g. `not ready: identity (down: no answer in 1000 ms)`. */
async function whatIsMissing(url) {
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(3000) });
    if (answer.status === 200) return null;
    const body = await answer.json().catch(() => null);
    const down = Object.entries(body?.checks ?? {})
      .filter(([, state]) => state !== 'ok')
      .map(([name, state]) => `${name} (${state})`);
    return down.length ? `not ready: ${down.join(', ')}` : `answers ${answer.status}`;
  } catch (err) {
    return `no answer (${err.cause?.code ?? err.message})`;
  }
}

/** Polls the readiness URL every second; says what it waits for every 10 s; gives up after timeoutMs. */
export async function waitForReady(url, timeoutMs = 90000) {
  const started = Date.now();
  let lastReport = started;
  for (;;) {
    const missing = await whatIsMissing(url);
    if (missing === null) return;
    const waited = Date.now() - started;
    if (waited >= timeoutMs) {
      throw new LaunchError(`${url} was not ready after ${Math.round(waited / 1000)} s: ${missing}`);
    }
    if (Date.now() - lastReport >= 10000) {
      say('start', `waiting for ${url}: ${missing}`);
      lastReport = Date.now();
    }
    await sleep(1000);
  }
}
