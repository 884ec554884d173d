// Students of `npm run bench`, registered through the gateway, each from an address of its own (registrations are
// limited per address); what the load sends for them is their session cookies.
import { createRequire } from 'node:module';
import { ORIGIN } from './settings.mjs';

const { uniqueName } = createRequire(import.meta.url)('@tullab/testing');

let addresses = 0;

/** A student registered through the gateway, from an address of its own; resolves with their cookies. */
async function registerStudent(gatewayUrl) {
  addresses += 1;
  const registered = await fetch(`${gatewayUrl}/api/auth/register`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: ORIGIN,
      'x-forwarded-for': `10.9.${addresses >> 8}.${addresses & 255}`,
    },
    body: JSON.stringify({
      email: `${uniqueName('bench')}@example.com`,
      password: 'benchmark passphrase 42',
      firstName: 'Bench',
      lastName: 'Mark',
      phone: '+971501234567',
      emailMarketing: false,
      whatsappMarketing: false,
      role: 'student',
    }),
  });
  if (registered.status !== 201)
    throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  return registered.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The cookies of `count` students (a multiple of 10), registered ten at a time. */
export async function registerStudents(gatewayUrl, count) {
  const cookies = [];
  for (let i = 0; i < count; i += 10)
    cookies.push(...(await Promise.all(Array.from({ length: 10 }, () => registerStudent(gatewayUrl)))));
  return cookies;
}
