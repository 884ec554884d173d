// One autocannon run of `npm run bench`, with the run's connections and length unless the options say otherwise.
import autocannon from 'autocannon';
import { CONNECTIONS, DURATION } from './settings.mjs';

/** One autocannon run (`options` as autocannon takes them); every answer must be 2xx. */
export function load(title, options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...options }, (err, result) => {
      if (err) return reject(err);
      if (result.non2xx) return reject(new Error(`${title}: ${result.non2xx} answers were not 2xx`));
      if (result.errors || result.timeouts) {
        return reject(new Error(`${title}: ${result.errors} errors, ${result.timeouts} timeouts`));
      }
      resolve({
        title,
        rps: result.requests.average,
        p99: result.latency.p99,
        ok: result['2xx'],
        seconds: result.duration,
      });
    });
  });
}
