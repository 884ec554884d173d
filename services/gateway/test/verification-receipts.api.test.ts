import request from 'supertest';
import type { Express } from 'express';
import { parseConfig } from '@tullab/config';
import { sealVerificationReceipt } from '@tullab/events';
import { IDENTITY_HEADER, SIGNATURE_HEADER, VERIFICATION_RECEIPT_HEADER } from '@tullab/contracts';
import { errorBody, verifyIdentity } from '@tullab/http';
import * as identity from '@tullab/identity';
import { dropSchema, serviceTestEnv } from '@tullab/testing';
import type { RunningGateway } from '../src';
import {
  INTERNAL_SECRET,
  ORIGIN,
  client,
  last,
  newStudent,
  setCookies,
  startFakeIdentity,
  startFakeService,
  startGateway,
  type FakeIdentity,
  type FakeService,
} from './helpers';

const DAY_MS = 24 * 3600 * 1000;

let identityService: identity.IdentityService;
let databaseUrl: string;
let schema: string;
let verification: FakeService;
let gateway: RunningGateway;

/**
 * Stands in for verification while its verify-otp is being written: it answers an accepted code as decision 002
 * says, `200 { message }` with the status change sealed in `x-tullab-verification-receipt`, for the signed caller.
 */
function verifyOtpAsVerificationDoes(app: Express) {
  app.post('/students/verify-otp', (req, res) => {
    const caller = verifyIdentity(
      req.get(IDENTITY_HEADER),
      req.get(SIGNATURE_HEADER),
      INTERNAL_SECRET,
      'verification',
    );
    if (!caller?.userId) return void res.status(401).json(errorBody('Not authenticated', 'unauthenticated'));
    const changedAt = new Date();
    const receipt = sealVerificationReceipt(INTERNAL_SECRET, {
      userId: caller.userId,
      status: 'active',
      changedAt: changedAt.toISOString(),
      studentEmail: 'layla@uaeu.ac.ae',
      expiresAt: new Date(changedAt.getTime() + 365 * DAY_MS).toISOString(),
    });
    res.set(VERIFICATION_RECEIPT_HEADER, receipt).json({ message: 'Student status verified' });
  });
  // a document received: `201` with the `pending` change sealed, which must not replace the answer (issue 13)
  app.post('/students/verify-document', (req, res) => {
    const caller = verifyIdentity(
      req.get(IDENTITY_HEADER),
      req.get(SIGNATURE_HEADER),
      INTERNAL_SECRET,
      'verification',
    );
    if (!caller?.userId) return void res.status(401).json(errorBody('Not authenticated', 'unauthenticated'));
    const receipt = sealVerificationReceipt(INTERNAL_SECRET, {
      userId: caller.userId,
      status: 'pending',
      changedAt: new Date().toISOString(),
    });
    req.resume();
    req.on('end', () => res.status(201).set(VERIFICATION_RECEIPT_HEADER, receipt).json(DOCUMENT_RECEIVED));
  });
}

const DOCUMENT_RECEIVED = {
  message: 'Document uploaded.',
  verification: {
    id: 'b6f7d7c2-5a4c-4a43-9a43-2f0d2a1f4e10',
    status: 'pending',
    institution: 'Zayed University',
  },
};

const uploadDocument = (agent: request.Agent | request.SuperTest<request.Test>, cookie?: string) => {
  const req = agent.post('/api/students/verify-document').set({ Origin: ORIGIN });
  if (cookie) req.set('Cookie', cookie);
  return req
    .field('documentType', 'student_id')
    .field('institution', 'Zayed University')
    .attach('document', Buffer.from('%PDF-1.7 tiny'), 'letter.pdf');
};

beforeAll(async () => {
  const env = await serviceTestEnv('identity', INTERNAL_SECRET);
  databaseUrl = env.DATABASE_URL;
  schema = env.DB_SCHEMA;
  identityService = await identity.startService(parseConfig(identity.configShape, env));
  verification = await startFakeService('verification', verifyOtpAsVerificationDoes);
  gateway = await startGateway({ identity: identityService, verification });
});

afterAll(async () => {
  await gateway?.close();
  await verification?.close();
  await identityService?.close();
  if (schema) await dropSchema(databaseUrl, schema);
});

const sidOf = (lines: string[]) =>
  lines
    .find((line) => line.startsWith('sid='))
    ?.split(';')[0]
    .slice('sid='.length);

/** A student registered and signed in through the gateway, with their sid. */
async function signedInStudent() {
  const browser = client(gateway.url);
  const student = newStudent();
  const registered = await browser.post('/api/auth/register', student);
  expect(registered.status).toBe(201);
  const sid = sidOf(setCookies(registered));
  if (!sid) throw new Error('register set no sid');
  return { browser, student, sid, user: registered.body.user as { id: string } };
}

const verifyOtp = (browser: ReturnType<typeof client>, email: string) =>
  browser.post('/api/students/verify-otp', {
    email: 'layla@uaeu.ac.ae',
    personalEmail: email,
    otp: '123456',
  });

describe('an answer with a verification receipt (decision 002)', () => {
  test("the client gets identity's { user }, active, and a new sid; the receipt itself never reaches it", async () => {
    const { browser, student, sid, user } = await signedInStudent();
    const res = await verifyOtp(browser, student.email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: expect.objectContaining({ id: user.id, email: student.email, role: 'student' }),
    });
    expect(res.body.user.verification).toEqual({
      status: 'active',
      studentEmail: 'layla@uaeu.ac.ae',
      verifiedAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect(res.headers[VERIFICATION_RECEIPT_HEADER]).toBeUndefined();
    expect(Object.keys(res.headers).filter((name) => name.startsWith('x-tullab-'))).toEqual([]);
    const cookies = setCookies(res);
    expect(cookies).toEqual([
      expect.stringMatching(/^sid=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/),
    ]);
    const newSid = sidOf(cookies);
    expect(newSid).not.toBe(sid);

    // the very next request: the new session shows the student active, and services hear it in the identity header
    const me = await browser.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(res.body);
    await browser.get('/api/students/verify');
    expect(last(verification).identity).toMatchObject({
      userId: user.id,
      verificationStatus: 'active',
      email: student.email,
      firstName: 'Layla',
    });
  });

  test("a pending receipt (a document received): the client gets the service's own answer, the session stands, and the very next GET /api/auth/user shows pending", async () => {
    const { browser, sid } = await signedInStudent();
    // the gateway keeps this session, `none`, from here on (decision 005)
    expect((await browser.get('/api/auth/user')).body.user.verification.status).toBe('none');
    const res = await uploadDocument(browser.agent);
    expect(res.status).toBe(201);
    expect(res.body).toEqual(DOCUMENT_RECEIVED);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(res.headers).filter((name) => name.startsWith('x-tullab-'))).toEqual([]);
    expect(setCookies(res)).toEqual([]);

    const me = await browser.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.user.verification.status).toBe('pending');
    const same = await request(gateway.url).get('/api/auth/user').set('Cookie', `sid=${sid}`);
    expect(same.body.user.verification.status).toBe('pending');
  });

  test('the session before the verification is dead (S7)', async () => {
    const { browser, student, sid } = await signedInStudent();
    expect((await verifyOtp(browser, student.email)).status).toBe(200);
    const old = await request(gateway.url).get('/api/auth/user').set('Cookie', `sid=${sid}`);
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ message: 'Not authenticated', code: 'unauthenticated' });
  });

  test("a bad receipt from the service → identity's 400, and the session and status stay as they were", async () => {
    const { browser, student, sid } = await signedInStudent();
    // the stand-in's echo answers with the extra headers the test asks for: here a receipt nobody sealed
    const res = await browser
      .post('/api/students/verify', { email: 'layla@uaeu.ac.ae', personalEmail: student.email })
      .set('x-test-headers', JSON.stringify({ [VERIFICATION_RECEIPT_HEADER]: 'forged-receipt' }));
    expect(last(verification).url).toBe('/students/verify');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Invalid or expired verification receipt', code: 'invalid_request' });
    expect(setCookies(res)).toEqual([]);
    expect(res.headers[VERIFICATION_RECEIPT_HEADER]).toBeUndefined();
    const me = await request(gateway.url).get('/api/auth/user').set('Cookie', `sid=${sid}`);
    expect(me.status).toBe(200);
    expect(me.body.user.verification.status).toBe('none');
  });
});

describe('identity cannot take the receipt', () => {
  let fakeIdentity: FakeIdentity;
  let stranded: RunningGateway;
  const students = {
    'hangs up': '00000000-0000-4000-8000-000000000001',
    'stays silent': '00000000-0000-4000-8000-000000000002',
  };

  beforeAll(async () => {
    fakeIdentity = await startFakeIdentity((app) => {
      app.post('/internal/verification-receipts', (req, res) => {
        const caller = verifyIdentity(
          req.get(IDENTITY_HEADER),
          req.get(SIGNATURE_HEADER),
          INTERNAL_SECRET,
          'identity',
        );
        if (caller?.userId === students['hangs up']) return void req.socket.destroy();
        // says nothing until long after the gateway gave up
        setTimeout(() => res.status(500).end(), 2000).unref();
      });
    });
    for (const userId of Object.values(students)) {
      fakeIdentity.sessions.set(`tok-${userId}`, {
        userId,
        role: 'student',
        verificationStatus: 'none',
        sessionId: `s-${userId}`,
      });
    }
    stranded = await startGateway({ identity: fakeIdentity, verification }, { UPSTREAM_TIMEOUT_MS: '500' });
  });

  afterAll(async () => {
    await stranded?.close();
    await fakeIdentity?.close();
  });

  test.each(['hangs up', 'stays silent'] as const)(
    "identity %s on a pending receipt → the service's answer still reaches the client (the event brings the status)",
    async (kind) => {
      const res = await uploadDocument(request(stranded.url), `sid=tok-${students[kind]}`);
      expect(res.status).toBe(201);
      expect(res.body).toEqual(DOCUMENT_RECEIVED);
      expect(res.headers[VERIFICATION_RECEIPT_HEADER]).toBeUndefined();
    },
  );

  test.each([
    ['hangs up', 502, 'Identity service unavailable', 'bad_gateway'],
    ['stays silent', 504, 'Identity service did not answer in time', 'gateway_timeout'],
  ] as const)('identity %s → %i with the usual error JSON', async (kind, status, message, code) => {
    const res = await request(stranded.url)
      .post('/api/students/verify-otp')
      .set({ Cookie: `sid=tok-${students[kind]}`, Origin: ORIGIN })
      .send({ otp: '123456' });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ message, code });
    expect(res.headers[VERIFICATION_RECEIPT_HEADER]).toBeUndefined();
  });
});
