import { randomBytes } from 'node:crypto';
import http from 'node:http';
import request from 'supertest';
import type { RunningGateway } from '../src';
import {
  ORIGIN,
  last,
  rawRequest,
  sha256,
  startFakeService,
  startFakes,
  startGateway,
  type Fakes,
} from './helpers';

let fakes: Fakes;
let gateway: RunningGateway;

beforeAll(async () => {
  fakes = await startFakes();
  gateway = await startGateway(fakes);
});

afterAll(async () => {
  await gateway?.close();
  await fakes?.close();
});

/** A multipart/form-data body as a browser builds it: some fields, then one file. */
function multipart(
  fields: Record<string, string>,
  file: { field: string; filename: string; type: string; data: Buffer },
) {
  const boundary = `----tullab${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const FIVE_MIB = 5 * 1024 * 1024;
const document = (size: number) =>
  multipart(
    { documentType: 'student_id', institution: 'Khalifa University' },
    { field: 'document', filename: 'id.pdf', type: 'application/pdf', data: randomBytes(size) },
  );

describe('multipart uploads (S22)', () => {
  test('a 5 MiB document reaches verification byte for byte (checksum)', async () => {
    const { body, contentType } = document(FIVE_MIB);
    const res = await request(gateway.url)
      .post('/api/students/verify-document')
      .set('Origin', ORIGIN)
      .set('Content-Type', contentType)
      .send(body);
    expect(res.status).toBe(200);
    const call = last(fakes.verification);
    expect(call.url).toBe('/students/verify-document');
    expect(call.headers['content-type']).toBe(contentType);
    expect(call.headers['content-length']).toBe(String(body.length));
    expect(call.bodyLength).toBe(body.length);
    expect(call.bodySha256).toBe(sha256(body));
  });

  test('a chunked upload (no Content-Length) arrives intact too', async () => {
    const { body, contentType } = document(3 * 1024 * 1024);
    const chunks = [];
    for (let i = 0; i < body.length; i += 64 * 1024) chunks.push(body.subarray(i, i + 64 * 1024));
    const res = await rawRequest(gateway.url, {
      method: 'POST',
      path: '/api/students/verify-document',
      headers: { 'content-type': contentType },
      chunks,
    });
    expect(res.status).toBe(200);
    expect(last(fakes.verification).bodySha256).toBe(sha256(body));
  });

  test.each(['/api/merchant-applications', '/api/merchant/offer-proposals', '/api/admin/offers/0b7c/logo'])(
    '%s takes multipart',
    async (path) => {
      const { body, contentType } = multipart(
        { brandName: 'Acme' },
        { field: 'logoFile', filename: 'logo.png', type: 'image/png', data: randomBytes(50_000) },
      );
      const res = await request(gateway.url)
        .post(path)
        .set('Origin', ORIGIN)
        .set('Content-Type', contentType)
        .send(body);
      expect(res.status).toBe(200);
      expect(last(fakes.offers).bodySha256).toBe(sha256(body));
    },
  );

  test('more than 5.5 MB → 413 before anything is forwarded', async () => {
    const before = fakes.verification.received.length;
    const { body, contentType } = document(6 * 1024 * 1024);
    const res = await request(gateway.url)
      .post('/api/students/verify-document')
      .set('Origin', ORIGIN)
      .set('Content-Type', contentType)
      .send(body);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request body is too large', code: 'payload_too_large' });
    expect(fakes.verification.received.length).toBe(before);
  });

  test('more than 5.5 MB sent chunked → 413 once the count passes the cap', async () => {
    const { body, contentType } = document(6 * 1024 * 1024);
    const chunks = [];
    for (let i = 0; i < body.length; i += 256 * 1024) chunks.push(body.subarray(i, i + 256 * 1024));
    const res = await rawRequest(gateway.url, {
      method: 'POST',
      path: '/api/students/verify-document',
      headers: { 'content-type': contentType },
      chunks,
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ message: 'Request body is too large', code: 'payload_too_large' });
  });

  test('a JSON body on an upload route keeps the 100 kB JSON limit', async () => {
    const res = await request(gateway.url)
      .post('/api/merchant-applications')
      .set('Origin', ORIGIN)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ a: 'x'.repeat(200_000) }));
    expect(res.status).toBe(413);
  });

  test('a client that pauses mid-upload is not mistaken for a silent service (no 504)', async () => {
    const gw = await startGateway(fakes, { UPSTREAM_TIMEOUT_MS: '200' });
    try {
      const { body, contentType } = document(1024 * 1024);
      const half = Math.floor(body.length / 2);
      const url = new URL(gw.url);
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            host: url.hostname,
            port: url.port,
            method: 'POST',
            path: '/api/students/verify-document',
            headers: { 'content-type': contentType, 'content-length': body.length },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.write(body.subarray(0, half));
        setTimeout(() => req.end(body.subarray(half)), 600);
      });
      expect(status).toBe(200);
      expect(last(fakes.verification).bodySha256).toBe(sha256(body));
    } finally {
      await gw.close();
    }
  });

  test('a client that gives up mid-upload: the call to the service is cut, the gateway carries on', async () => {
    const { body, contentType } = document(2 * 1024 * 1024);
    const url = new URL(gateway.url);
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: '/api/students/verify-document',
        headers: { 'content-type': contentType, 'content-length': body.length },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(body.subarray(0, 512 * 1024), () => setTimeout(() => req.destroy(), 100));
    });
    await new Promise((r) => setTimeout(r, 100));
    const res = await request(gateway.url).get('/api/students/verify');
    expect(res.status).toBe(200);
  });

  test('the body is streamed, not buffered: the service sees the first bytes while the client is still sending', async () => {
    let firstBytes!: () => void;
    const arrived = new Promise<void>((resolve) => (firstBytes = resolve));
    const verification = await startFakeService('verification', (app) => {
      app.post('/students/verify-document', (req, res) => {
        let size = 0;
        req.on('data', (chunk: Buffer) => {
          if (size === 0) firstBytes();
          size += chunk.length;
        });
        req.on('end', () => res.status(201).json({ size }));
      });
    });
    const gw = await startGateway({ ...fakes, verification });
    try {
      const { body, contentType } = document(2 * 1024 * 1024);
      const half = Math.floor(body.length / 2);
      const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const url = new URL(gw.url);
        const req = http.request(
          {
            host: url.hostname,
            port: url.port,
            method: 'POST',
            path: '/api/students/verify-document',
            headers: { 'content-type': contentType, 'content-length': body.length },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on('error', reject);
        req.write(body.subarray(0, half));
        // The second half is only sent once the service has seen the first: a buffering gateway would hang here.
        void arrived.then(() => req.end(body.subarray(half)));
      });
      expect(answer.status).toBe(201);
      expect(JSON.parse(answer.text)).toEqual({ size: body.length });
    } finally {
      await gw.close();
      await verification.close();
    }
  });
});
