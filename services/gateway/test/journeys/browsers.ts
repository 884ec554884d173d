// Browsers in the journey tests: the client the tests drive the gateway with, and one with an address of its own.
import { client } from '../client';

export type Browser = ReturnType<typeof client>;

let addresses = 0;

/**
 * A browser with an address of its own, sent as X-Forwarded-For: the gateway takes it as the client's address when
 * the stack was started with `trustProxy: 'loopback'` (and ignores it otherwise).
 */
export function browserWithOwnAddress(url: string): Browser {
  addresses += 1;
  const browser = client(url);
  browser.agent.set('X-Forwarded-For', `10.77.${Math.floor(addresses / 256)}.${addresses % 256}`);
  return browser;
}
