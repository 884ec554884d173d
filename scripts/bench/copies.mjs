// The code copies of `npm run bench`: signed-in students behind one campus address copy codes through the gateway,
// then offers' counter is watched until every accepted copy is counted, once.
import pg from 'pg';
import { load } from './load.mjs';
import { CONNECTIONS, ORIGIN, WARM_UP_SECONDS } from './settings.mjs';

/**
 * After the copy load: how long after `loadEnded` the worker had counted every accepted copy. autocannon does not
 * wait for the calls in flight when it stops, so offers may accept up to one per connection more than the 202s it
 * saw. Counted above that is a double count; below the 202s after 120 s is a loss; drained means stable for 1 s.
 */
async function drain({ databaseUrl, offersSchema }, offerId, answered, loadEnded) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  // every call (decision 008): the 200 students copy many times each, and each counts once among the students
  const counterSql = `select coalesce(sum(code_copies_calls), 0)::int as n from "${offersSchema}".offer_daily_stat
    where offer_id = $1`;
  try {
    let last = -1;
    let stableSince = null;
    for (;;) {
      const counted = (await db.query(counterSql, [offerId])).rows[0].n;
      if (counted > answered + CONNECTIONS)
        throw new Error(`${answered} copies accepted but ${counted} counted`);
      if (counted >= answered && counted === last) {
        stableSince ??= Date.now();
        if (Date.now() - stableSince >= 1000) return { counted, drainMs: stableSince - loadEnded };
      } else {
        stableSince = null;
      }
      last = counted;
      if (Date.now() - loadEnded > 120_000)
        throw new Error(`${counted} of ${answered} copies counted after 120 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await db.end();
  }
}

/**
 * Copies of the first offer's code by the students with these `cookies` (taken in turn), from one address, after a
 * warm-up on the second offer; resolves with the load's figures, the copies counted and how long counting took.
 */
export async function benchCopies({ gatewayUrl, cookies, databaseUrl, offersSchema }) {
  const [offerId, warmUpOfferId] = (await (await fetch(`${gatewayUrl}/api/offers`)).json()).map((o) => o.id);
  let next = 0;
  const copying = (id, options = {}) => ({
    url: `${gatewayUrl}/api/offers/${id}/copy`,
    method: 'POST',
    headers: {
      origin: ORIGIN,
      'content-type': 'application/json',
      'x-forwarded-for': '10.200.0.1',
    },
    body: JSON.stringify({ studentId: null }),
    requests: [
      {
        setupRequest: (req) => {
          next = (next + 1) % cookies.length;
          return { ...req, headers: { ...req.headers, cookie: cookies[next] } };
        },
      },
    ],
    ...options,
  });
  await load('warm-up', copying(warmUpOfferId, { duration: WARM_UP_SECONDS }));
  const copies = await load('copy via gateway', copying(offerId));
  const { counted, drainMs } = await drain({ databaseUrl, offersSchema }, offerId, copies.ok, Date.now());
  return { copies, counted, drainMs };
}
