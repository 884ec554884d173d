import { randomInt } from 'node:crypto';
import { Writable } from 'node:stream';
import { identityInternal, pathOf } from '@tullab/contracts';
import { client, newStudent, ORIGIN } from '../helpers';
import { eventually } from './eventually';
import { ADMIN, startStack, type Stack } from './stack';
import { signInStaff } from './staff';
import { signUpStudent, verifyByCode } from './students';

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

interface LogLine {
  service: string;
  msg: string;
  req?: { id: string; url: string };
  requestId?: string | null;
  event?: string;
}

const parsedLines = () => lines.map((line) => JSON.parse(line) as LogLine);

/** The request log lines of a process for a path. */
const requestLines = (service: string, url: string) =>
  parsedLines().filter(
    (line) => line.service === service && line.msg === 'request completed' && line.req?.url === url,
  );

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

describe('one request id ties a story together across processes (issue 15 pt 5)', () => {
  test("a student's request for a code is found by its id at the gateway, identity, verification, in the outbox, and in notifications' job and mail lines", async () => {
    const { browser, student } = await signUpStudent(client(stack.url));
    const requestId = `journey-${randomInt(1e9)}`;
    const studentEmail = `${student.email.split('@')[0]}@cud.ac.ae`;
    const sent = await browser.agent
      .post('/api/students/verify')
      .set({ Origin: ORIGIN, 'x-request-id': requestId })
      .send({ email: studentEmail, personalEmail: student.email, studentId: null });
    expect(sent.status).toBe(200);
    expect(sent.headers['x-request-id']).toBe(requestId);
    await stack.smtp.waitFor((mail) => mail.to.includes(studentEmail), 15_000);

    const story = () =>
      parsedLines().filter((line) => line.req?.id === requestId || line.requestId === requestId);
    const told = (service: string, msg: string, event?: string) =>
      story().some(
        (line) => line.service === service && line.msg === msg && (!event || line.event === event),
      );
    // the dispatcher logs after SMTP took the mail, and identity hears the status change on its own queue
    await eventually(
      async () => story(),
      () => told('notifications', 'email sent') && told('identity', 'verification status applied'),
    );

    // the gateway's request log, and the calls it made: the session resolved at identity, the call to verification
    expect(requestLines('gateway', '/api/students/verify').map((line) => line.req?.id)).toContain(requestId);
    expect(
      requestLines('identity', pathOf(identityInternal.routes.resolveSession)).map((line) => line.req?.id),
    ).toContain(requestId);
    expect(requestLines('verification', '/students/verify').map((line) => line.req?.id)).toContain(requestId);
    // the events the request caused, as stored in verification's outbox
    const outbox = await stack.services.verification.deps.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ name: string }>>('select name from outbox where request_id = ? order by name', [
        requestId,
      ]);
    expect(outbox.map((row: { name: string }) => row.name)).toEqual([
      'email.requested',
      'verification.status_changed',
    ]);
    // the consumers' job logs: notifications recorded the code mail and sent it; identity applied the status
    expect(told('notifications', 'email recorded', 'email.requested')).toBe(true);
    expect(told('notifications', 'email sent')).toBe(true);
    expect(told('identity', 'verification status applied', 'verification.status_changed')).toBe(true);
    // and the mail row remembers it, for every later attempt
    const mails = await stack.services.notifications.deps.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ template: string }>>('select template from email where request_id = ?', [requestId]);
    expect(mails).toEqual([{ template: 'student-email-code' }]);
  });
});
