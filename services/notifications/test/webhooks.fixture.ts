import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { EventName, PayloadOf } from '@tullab/contracts';
import { createEnvelope } from '@tullab/events';
import { signIdentity } from '@tullab/http';
import { INTERNAL_SECRET, until, type Harness } from './helpers';

/** One POST a receiver took: its headers and its body as sent. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A brand's webhook endpoint: a real HTTP server on this computer that keeps every POST and answers the statuses it
 * was told, one per request, then 200.
 */
export async function startReceiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = statuses.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/tullab`,
    received,
    /** the statuses of the next requests, in order */
    answer: (...next: number[]) => statuses.push(...next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** A merchant of the brand as the gateway signs them (decision 016). */
export const merchantOf = (brandId: string) =>
  signIdentity(
    {
      userId: randomUUID(),
      role: 'merchant',
      verificationStatus: 'none',
      sessionId: randomUUID(),
      ip: '198.51.100.9',
      brandId,
    },
    INTERNAL_SECRET,
    'notifications',
  );

/** A stand-in for the pairwise subject identity computes: 64 hex characters. */
export const subjectOf = (seed: string) => createHash('sha256').update(seed).digest('hex');

/** The brands' side of notifications: apps announced by identity, the merchant API, events to deliver. */
export function webhookTests(harness: Harness) {
  const publish = async <N extends EventName>(name: N, payload: PayloadOf<N>) => {
    const envelope = createEnvelope(name, payload, { requestId: `test-${randomUUID()}` });
    await harness.publisher.publish(envelope);
    return envelope;
  };
  const sql = <T>(query: string, params: unknown[] = []) =>
    harness.service.deps.orm.em.getConnection().execute(query, params) as Promise<T[]>;

  /** A brand app as identity announces it, once notifications has it. */
  async function newApp(mode: 'test' | 'live' = 'test', brandId: string = randomUUID()) {
    const appId = randomUUID();
    await publish('brand-app.changed', { appId, brandId, mode, revoked: false });
    await until(
      () => sql('select 1 from brand_app where app_id = ?', [appId]),
      (found) => found.length === 1,
    );
    const api = () => request(harness.service.url);
    const as = merchantOf(brandId);
    return {
      appId,
      brandId,
      mode,
      as,
      get: () => api().get(`/merchant/apps/${appId}/webhook`).set(as),
      put: (body: object) => api().put(`/merchant/apps/${appId}/webhook`).set(as).send(body),
      rotate: () => api().post(`/merchant/apps/${appId}/webhook/rotate-secret`).set(as),
      remove: () => api().delete(`/merchant/apps/${appId}/webhook`).set(as),
      deliveries: () => api().get(`/merchant/apps/${appId}/webhook/deliveries`).set(as),
      resend: (deliveryId: string) =>
        api().post(`/merchant/apps/${appId}/webhook/deliveries/${deliveryId}/resend`).set(as),
    };
  }

  /** The app's deliveries, newest first, once `ok` holds for them. */
  const deliveriesOf = async (
    app: Awaited<ReturnType<typeof newApp>>,
    ok: (deliveries: Array<Record<string, unknown>>) => boolean,
  ) => until(async () => (await app.deliveries()).body as Array<Record<string, unknown>>, ok);

  return { publish, sql, newApp, deliveriesOf };
}
