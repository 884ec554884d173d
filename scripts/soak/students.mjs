// The students of `npm run soak`: new ones sign up and verify with the code mailed to their university address
// (read from the mail catcher), returning ones sign in on a campus address; both shop: offers opened, redeemed under
// the hourly limit, codes copied or referral links clicked. Each takes the Traffic it is part of.
import { randomBytes, randomInt } from 'node:crypto';
import { chance, pick } from './random.mjs';

const { fetch, AbortSignal } = globalThis;

/** A known UAE institution's domain (services/verification/src/data): its addresses get a code by e-mail. */
const UNIVERSITY_DOMAIN = 'cud.ac.ae';
/** How long a code's mail may take before the journey counts it missing. */
const MAIL_TIMEOUT_MS = 60_000;
/** Redemptions are limited to 30 per student per hour: the soak stays under that. */
const REDEEMS_PER_HOUR = 25;
/** Students share a few campus addresses when they come back (a NAT), as in production. */
const CAMPUS_ADDRESSES = 20;

/** A new student from an address of their own: signs up, verifies by code, then shops. */
export async function newStudent(traffic) {
  traffic.signUps += 1;
  const n = traffic.signUps;
  const person = traffic.browser(`10.${100 + ((n >> 16) & 63)}.${(n >> 8) & 255}.${n & 255}`);
  const local = `soak-${traffic.run}-${n}`;
  const email = `${local}@example.com`;
  const password = `Dune walk ${randomBytes(4).toString('hex')} at dusk`;
  const registered = await person.post('sign-up', '/api/auth/register', {
    email,
    password,
    firstName: 'Layla',
    lastName: 'Haddad',
    phone: '+971 50 123 4567',
    emailMarketing: false,
    whatsappMarketing: false,
    role: 'student',
  });
  if (registered?.status !== 201) return traffic.cutShort('sign-up', registered);
  await traffic.pause();
  await person.get('user', '/api/auth/user');
  await traffic.pause();
  const studentEmail = `${local}@${UNIVERSITY_DOMAIN}`;
  const sent = await person.post('code request', '/api/students/verify', {
    email: studentEmail,
    personalEmail: email,
    studentId: null,
  });
  if (sent?.status !== 200) return traffic.cutShort('code request', sent);
  const code = await codeMailedTo(traffic, studentEmail);
  if (!code) {
    traffic.tally.problem(`no code mail within ${MAIL_TIMEOUT_MS / 1000} s`);
    return false;
  }
  const verified = await person.post('code check', '/api/students/verify-otp', {
    email: studentEmail,
    personalEmail: email,
    otp: code,
  });
  if (verified?.status !== 200 || verified.body?.user?.verification?.status !== 'active')
    return traffic.cutShort('code check', verified);
  const student = { email, password, redeemedAt: [], busy: true };
  traffic.students.push(student);
  try {
    await shop(traffic, person, student);
  } finally {
    student.busy = false;
  }
  return true;
}

/** The 6-digit code in the newest mail to `address` at the catcher, polled; null after MAIL_TIMEOUT_MS. */
async function codeMailedTo(traffic, address) {
  const started = Date.now();
  const url = `${traffic.mailUrl}/messages?to=${encodeURIComponent(address)}`;
  while (Date.now() - started < MAIL_TIMEOUT_MS) {
    const mails = await fetch(url, { signal: AbortSignal.timeout(5000) }).then(
      (res) => res.json(),
      () => [],
    );
    const code = mails.map((mail) => /\b(\d{6})\b/.exec(mail.text)?.[1]).find(Boolean);
    if (code) {
      traffic.tally.wait('code mail', Date.now() - started);
      return code;
    }
    await traffic.pause(250);
  }
  return null;
}

/** A verified student, back on a campus address: signs in, shops, signs out half the time. */
export async function returningStudent(traffic) {
  const idle = traffic.students.filter((student) => !student.busy);
  if (!idle.length) return newStudent(traffic);
  const student = pick(idle);
  student.busy = true;
  try {
    const person = traffic.browser(`10.50.0.${1 + randomInt(CAMPUS_ADDRESSES)}`);
    const signedIn = await person.post('sign-in', '/api/auth/login', {
      email: student.email,
      password: student.password,
    });
    if (signedIn?.status !== 200) return traffic.cutShort('sign-in', signedIn);
    await traffic.pause();
    await person.get('user', '/api/auth/user');
    await traffic.pause();
    await shop(traffic, person, student);
    if (chance(0.5)) {
      await traffic.pause();
      await person.post('sign-out', '/api/auth/logout');
    }
    return true;
  } finally {
    student.busy = false;
  }
}

/** The catalogue, then one or two offers: opened, redeemed (under the hourly limit), the code copied or the link clicked. */
async function shop(traffic, person, student) {
  await traffic.catalogue(person);
  for (let i = randomInt(2); i >= 0; i--) {
    const offer = pick(traffic.offers);
    await traffic.pause();
    await person.get('offer', `/api/offers/${offer.id}`);
    const hourAgo = Date.now() - 3600_000;
    student.redeemedAt = student.redeemedAt.filter((at) => at > hourAgo);
    if (student.redeemedAt.length < REDEEMS_PER_HOUR) {
      await traffic.pause();
      const redeemed = await person.post('redeem', `/api/offers/${offer.id}/redeem`);
      if (redeemed) student.redeemedAt.push(Date.now());
    }
    const referral = offer.offerType === 'referral';
    for (let copies = 1 + randomInt(2); copies > 0; copies--) {
      await traffic.pause();
      await person.post(
        referral ? 'referral click' : 'copy',
        `/api/offers/${offer.id}/${referral ? 'referral-click' : 'copy'}`,
        {
          studentId: null,
        },
      );
    }
  }
}
