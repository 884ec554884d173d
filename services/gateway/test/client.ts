// A browser-like client of the gateway for its tests: it keeps the cookies and sends the same-origin headers a
// browser would; with what a student registers with and the Set-Cookie lines of an answer.
import request from 'supertest';
import { uniqueName } from '@tullab/testing';

export const ORIGIN = 'http://localhost:8080';

/** The Set-Cookie lines of an answer. */
export const setCookies = (res: request.Response): string[] =>
  (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];

/** A browser-like client: keeps the gateway's cookies and sends the same-origin headers a browser would. */
export function client(url: string) {
  const agent = request.agent(url);
  const origin = { Origin: ORIGIN };
  return {
    agent,
    get: (path: string) => agent.get(path),
    post: (path: string, body?: object) =>
      agent
        .post(path)
        .set(origin)
        .send(body ?? {}),
    put: (path: string, body: object) => agent.put(path).set(origin).send(body),
  };
}

/** What a new student registers with (POST /api/auth/register), with an address of their own by default. */
export const newStudent = (email = `${uniqueName('s')}@example.com`) => ({
  email,
  password: 'a long and unusual passphrase 7',
  firstName: 'Layla',
  lastName: 'Hassan',
  phone: '+971 50 123 4567',
  emailMarketing: true,
  whatsappMarketing: false,
  role: 'student',
});
