import { randomInt } from 'node:crypto';
import { Writable } from 'node:stream';
import { client, newStudent } from '../helpers';
import { ADMIN, startStack, type Stack } from './stack';
import { signInStaff } from './staff';
import { verifyByCode } from './students';

/** Every line every process of the stack logs, at debug level. */
const lines: string[] = [];
const logs = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ logs });
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

const query = (params: Record<string, unknown>) =>
  Object.entries(params)
    .map(([name, value]) => `${name}=${encodeURIComponent(JSON.stringify(value))}`)
    .join('&');

/** A surname no other line of the logs could hold by chance. */
const uniqueSurname = () =>
  `Qx${Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join('')}`;

/** The request log lines of a process for a path. */
const requestLines = (service: string, url: string) =>
  lines
    .map((line) => JSON.parse(line) as { service: string; msg: string; req?: { url: string } })
    .filter((line) => line.service === service && line.msg === 'request completed' && line.req?.url === url);

describe('no personal data in logs (S34)', () => {
  test("a student's journey and staff searching every admin list for their e-mail and name leave neither in any log", async () => {
    const student = { ...newStudent(), lastName: uniqueSurname() };
    const browser = client(stack.url);
    const registered = await browser.post('/api/auth/register', student);
    expect(registered.status).toBe(201);
    await verifyByCode(stack, { browser, student, id: registered.body.user.id as string });
    expect((await browser.get('/api/offers')).status).toBe(200);

    const admin = await signInStaff(stack.url, ADMIN);
    const found = await admin.get(`/api/admin/students?${query({ filter: { q: student.email } })}`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual([expect.objectContaining({ email: student.email })]);
    const byName = await admin.get(`/api/admin/students?${query({ filter: { q: student.lastName } })}`);
    expect(byName.body).toEqual([expect.objectContaining({ lastName: student.lastName })]);
    // a search the service refuses is logged by its error handler too
    const refused = await admin.get(
      `/api/admin/students?${query({ filter: { q: student.email }, sort: ['phone', 'ASC'] })}`,
    );
    expect(refused.status).toBe(400);
    for (const list of ['staff', 'verifications', 'merchant-applications', 'contact-messages']) {
      for (const q of [student.email, student.lastName]) {
        expect((await admin.get(`/api/admin/${list}?${query({ filter: { q } })}`)).status).toBe(200);
      }
    }
    // the request log lines are written once the answers are out
    await new Promise((resolve) => setTimeout(resolve, 200));

    // the e-mail's local part and the surname are found however they were encoded (JSON, percent-encoding)
    const localPart = student.email.split('@')[0];
    expect(lines.filter((line) => line.includes(localPart))).toEqual([]);
    expect(lines.filter((line) => line.toLowerCase().includes(student.lastName.toLowerCase()))).toEqual([]);

    // the logs were captured all the same, and still say which paths were called
    expect(requestLines('gateway', '/api/admin/students')).toHaveLength(3);
    expect(requestLines('identity', '/admin/students')).toHaveLength(3);
    expect(requestLines('verification', '/admin/verifications')).toHaveLength(2);
  });
});
