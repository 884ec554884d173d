// What the fault suite sends: browser-like clients (cookies, Origin, an address of their own) and the flows students
// and staff go through, each answer recorded so a scenario can check that nothing accepted was lost.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';

const require = createRequire(import.meta.url);
const { totpCode, totpStep } = require('@tullab/identity');

const ORIGIN = 'http://localhost:8080';
let addresses = 0;

/** A browser with an address of its own (sent as X-Forwarded-For; the gateways trust the balancer on loopback). */
export function browser(baseUrl, record = () => undefined) {
  addresses += 1;
  const address = `10.66.${(addresses >> 8) & 255}.${addresses & 255}`;
  const cookies = new Map();
  const call = async (method, path, body, url = baseUrl) => {
    const headers = { origin: ORIGIN, 'x-forwarded-for': address, accept: 'application/json' };
    if (cookies.size) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const started = Date.now();
    let answer;
    try {
      const res = await fetch(`${url}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        const value = pair.slice(at + 1);
        if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '')
          cookies.delete(pair.slice(0, at));
        else cookies.set(pair.slice(0, at), value);
      }
      const text = await res.text();
      let json = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      answer = { status: res.status, body: json, text };
    } catch (err) {
      answer = { status: 0, body: null, text: String(err.cause?.code ?? err.message) };
    }
    record({ method, path, status: answer.status, ms: Date.now() - started, text: answer.text });
    return answer;
  };
  return {
    address,
    cookies,
    get: (path, url) => call('GET', path, undefined, url),
    post: (path, body = {}, url) => call('POST', path, body, url),
    put: (path, body, url) => call('PUT', path, body, url),
  };
}

/** A new student, registered (and so signed in). */
export async function signUp(client) {
  const local = `fault-${randomUUID().slice(0, 12)}`;
  const student = {
    email: `${local}@example.com`,
    password: 'a long and unusual passphrase 7',
    firstName: 'Layla',
    lastName: 'Hassan',
    phone: '+971 50 123 4567',
    emailMarketing: false,
    whatsappMarketing: false,
    role: 'student',
  };
  const answer = await client.post('/api/auth/register', student);
  return { answer, student, universityEmail: `${local}@cud.ac.ae` };
}

/** Asks for the e-mail code of a signed-up student (the mail goes through verification → notifications → SMTP). */
export const requestCode = (client, signedUp) =>
  client.post('/api/students/verify', {
    email: signedUp.universityEmail,
    personalEmail: signedUp.student.email,
    studentId: null,
  });

export function codeFrom(text) {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`no 6-digit code in: ${text}`);
  return match[1];
}

/** Waits until `mail` (a growing list of caught messages) holds one to `address`; resolves with it. */
export async function mailTo(mail, address, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mail.find((message) => message.to.includes(address));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** A verified (active) student: signed up, code requested, code from the caught mail entered. */
export async function activeStudent(baseUrl, mail, record) {
  const client = browser(baseUrl, record);
  const signedUp = await signUp(client);
  if (signedUp.answer.status !== 201)
    throw new Error(`register: ${signedUp.answer.status} ${signedUp.answer.text}`);
  const sent = await requestCode(client, signedUp);
  if (sent.status !== 200) throw new Error(`verify: ${sent.status} ${sent.text}`);
  const message = await mailTo(mail, signedUp.universityEmail);
  const verified = await client.post('/api/students/verify-otp', {
    email: signedUp.universityEmail,
    personalEmail: signedUp.student.email,
    otp: codeFrom(message.text),
  });
  if (verified.body?.user?.verification?.status !== 'active')
    throw new Error(`verify-otp: ${verified.status} ${verified.text}`);
  return { client, ...signedUp };
}

/** Staff signed in as the console does: password, authenticator enrolment at the first sign-in, then the code. */
export async function signInStaff(baseUrl, member) {
  const client = browser(baseUrl);
  const login = await client.post('/api/auth/login', { email: member.email, password: member.password });
  if (login.status !== 200 || !login.body?.mfaRequired)
    throw new Error(`staff login: ${login.status} ${login.text}`);
  if (!login.body.enrolled) member.secret = (await client.post('/api/auth/mfa/enrollment')).body.secret;
  // a time-step is accepted once: wait for the next one when this one was used
  let verified = await client.post('/api/auth/mfa/verify', { code: totpCode(member.secret, totpStep()) });
  if (verified.status !== 200) {
    await sleep(30_000 - (Date.now() % 30_000) + 200);
    verified = await client.post('/api/auth/mfa/verify', { code: totpCode(member.secret, totpStep()) });
  }
  if (verified.status !== 200) throw new Error(`staff mfa: ${verified.status} ${verified.text}`);
  return client;
}

/**
 * Mixed traffic until `stop()`: `workers` loops, each in turn browsing the catalogue, copying a code as a signed-in
 * student, and signing a new student up and asking for their e-mail code. Every answer is recorded; `accepted` holds
 * what the product promised to do (copies answered 202, code mails answered 200) for the checks afterwards.
 */
export function startLoad({ url, students, offerId, workers = 6, record }) {
  const accepted = { copies: 0, codeMails: [] };
  const uncertain = { copies: 0 };
  let running = true;
  const loop = async (index) => {
    const visitor = browser(url, record);
    for (let round = 0; running; round += 1) {
      await visitor.get('/api/offers');
      const student = students[(index + round * workers) % students.length];
      const copy = await student.client.post(`/api/offers/${offerId}/copy`, { studentId: null });
      if (copy.status === 202) accepted.copies += 1;
      else if (copy.status === 0 || copy.status >= 500) uncertain.copies += 1;
      if (round % 3 === index % 3) {
        const client = browser(url, record);
        const signedUp = await signUp(client);
        if (signedUp.answer.status === 201) {
          const sent = await requestCode(client, signedUp);
          if (sent.status === 200) accepted.codeMails.push(signedUp.universityEmail);
        }
      }
    }
  };
  const loops = Array.from({ length: workers }, (_, index) => loop(index));
  return {
    accepted,
    uncertain,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
