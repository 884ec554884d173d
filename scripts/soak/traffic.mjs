// The people of `npm run soak`, each a loop of visits picked at random: visitors browsing the catalogue and offer
// texts, new students signing up and verifying with the code mailed to their university address, returning students
// signing in to redeem offers and copy codes, and staff reading the console's lists. Calls are counted by kind in a
// Tally; a journey that cannot go on (an unexpected answer, no mail) is counted as a problem and left.
import { randomBytes, randomInt } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { authenticator } from 'otplib';
import { Browser, Stopped } from './browser.mjs';

const { fetch, AbortSignal } = globalThis;

/** How often each kind of visit is picked. */
const VISITS = [
  ['visitor', 55],
  ['new student', 10],
  ['returning student', 25],
  ['staff', 10],
];
/** A known UAE institution's domain (services/verification/src/data): its addresses get a code by e-mail. */
const UNIVERSITY_DOMAIN = 'cud.ac.ae';
/** How long a code's mail may take before the journey counts it missing. */
const MAIL_TIMEOUT_MS = 60_000;
/** Redemptions are limited to 30 per student per hour: the soak stays under that. */
const REDEEMS_PER_HOUR = 25;
/** Students share a few campus addresses when they come back (a NAT), as in production. */
const CAMPUS_ADDRESSES = 20;
/** Visitors come from this many addresses. */
const VISITOR_ADDRESSES = 4096;
/** Staff sign in again after this long (a TOTP time-step is accepted once per account: at most once per 30 s). */
const STAFF_SESSION_MS = 90_000;
const TOTP_STEP_MS = 30_000;
const STAFF_LISTS = [
  ['admin students', '/api/admin/students'],
  ['admin verifications', '/api/admin/verifications'],
  ['admin offers', '/api/admin/offers'],
  ['admin jobs', '/api/admin/jobs'],
];
/** The kinds of call, in the order the reports list them. */
export const KINDS = [
  'home page',
  'catalogue',
  'offer',
  'sign-up',
  'user',
  'code request',
  'code check',
  'sign-in',
  'redeem',
  'copy',
  'referral click',
  'sign-out',
  'staff sign-in',
  'staff mfa',
  ...STAFF_LISTS.map(([kind]) => kind),
];
const FIRST_PAGE = `range=${encodeURIComponent('[0,24]')}`;

/** A number in [0, 1) (node:crypto: the project keeps Math.random out, S13). */
const random = () => randomInt(2 ** 40) / 2 ** 40;
const pick = (list) => list[randomInt(list.length)];
const chance = (p) => random() < p;

function weighted(choices) {
  let roll = random() * choices.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [choice, weight] of choices) {
    roll -= weight;
    if (roll < 0) return choice;
  }
  return choices.at(-1)[0];
}

export class Traffic {
  /**
   * `base`: the gateway; `origin`: its public origin; `mailUrl`: the mail catcher's page; `admin`: the first admin's
   * credentials; `tally`: where calls are counted; `thinkMs`: each person's pause between two calls (± half).
   */
  constructor({ base, origin, mailUrl, admin, tally, thinkMs }) {
    Object.assign(this, { base, origin, mailUrl, admin, tally, thinkMs });
    this.stopper = new AbortController();
    // every person's pause listens to it
    setMaxListeners(0, this.stopper.signal);
    this.offers = [];
    this.etag = null;
    /** students whose verification is active: { email, password, redeemedAt: [ms], busy } */
    this.students = [];
    this.staff = { browser: null, since: 0, secret: null, lastStep: -1, signingIn: null };
    this.signUps = 0;
    this.run = `${process.pid.toString(36)}${randomBytes(2).toString('hex')}`;
  }

  running = () => !this.stopper.signal.aborted;

  stop() {
    this.stopper.abort();
  }

  browser(address) {
    return new Browser({
      base: this.base,
      origin: this.origin,
      address,
      tally: this.tally,
      running: this.running,
    });
  }

  /** A pause of about `ms` (the think time by default); throws Stopped when the soak stops meanwhile. */
  async pause(ms = this.thinkMs * (0.5 + random())) {
    if (ms <= 0) {
      if (!this.running()) throw new Stopped();
      return;
    }
    try {
      await sleep(ms, undefined, { signal: this.stopper.signal });
    } catch {
      throw new Stopped();
    }
  }

  /** Counts a journey cut short because `step` answered `res` (null: no answer), and returns false. */
  cutShort(step, res) {
    this.tally.problem(`${step} answered ${res ? res.status : 'nothing'}`);
    return false;
  }

  /** Reads the catalogue once, so that the first visits know the offers. */
  async prepare() {
    const res = await this.browser('10.0.0.1').get('catalogue', '/api/offers');
    if (res?.status !== 200 || !Array.isArray(res.body) || !res.body.length)
      throw new Error(`the catalogue answered ${res?.status ?? 'nothing'}, with no offers`);
    this.offers = res.body;
  }

  /** One person: visit after visit until the soak stops. */
  async person() {
    while (this.running()) {
      try {
        const visit = weighted(VISITS);
        if (visit === 'visitor') await this.visitor();
        else if (visit === 'new student') await this.newStudent();
        else if (visit === 'returning student') await this.returningStudent();
        else await this.staffMember();
        await this.pause();
      } catch (err) {
        if (err instanceof Stopped) return;
        this.tally.problem(`a visit threw: ${err.message}`);
      }
    }
  }

  async catalogue(person) {
    const revalidate = this.etag && chance(0.5);
    const res = await person.get(
      'catalogue',
      '/api/offers',
      revalidate ? { 'if-none-match': this.etag } : {},
    );
    if (res?.status === 200 && Array.isArray(res.body) && res.body.length) {
      this.offers = res.body;
      this.etag = res.headers.get('etag');
    }
  }

  /** A visitor: the home page now and then, the catalogue, one to three offers opened. */
  async visitor() {
    const person = this.browser(`10.1.${randomInt(VISITOR_ADDRESSES) >> 8}.${randomInt(256)}`);
    if (chance(0.3)) {
      await person.get('home page', '/', { accept: 'text/html' });
      await this.pause();
    }
    await this.catalogue(person);
    for (let i = randomInt(3); i >= 0; i--) {
      await this.pause();
      await person.get('offer', `/api/offers/${pick(this.offers).id}`);
    }
  }

  /** A new student from an address of their own: signs up, verifies by code, then shops. */
  async newStudent() {
    this.signUps += 1;
    const n = this.signUps;
    const person = this.browser(`10.${100 + ((n >> 16) & 63)}.${(n >> 8) & 255}.${n & 255}`);
    const local = `soak-${this.run}-${n}`;
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
    if (registered?.status !== 201) return this.cutShort('sign-up', registered);
    await this.pause();
    await person.get('user', '/api/auth/user');
    await this.pause();
    const studentEmail = `${local}@${UNIVERSITY_DOMAIN}`;
    const sent = await person.post('code request', '/api/students/verify', {
      email: studentEmail,
      personalEmail: email,
      studentId: null,
    });
    if (sent?.status !== 200) return this.cutShort('code request', sent);
    const code = await this.codeMailedTo(studentEmail);
    if (!code) {
      this.tally.problem(`no code mail within ${MAIL_TIMEOUT_MS / 1000} s`);
      return false;
    }
    const verified = await person.post('code check', '/api/students/verify-otp', {
      email: studentEmail,
      personalEmail: email,
      otp: code,
    });
    if (verified?.status !== 200 || verified.body?.user?.verification?.status !== 'active')
      return this.cutShort('code check', verified);
    const student = { email, password, redeemedAt: [], busy: true };
    this.students.push(student);
    try {
      await this.shop(person, student);
    } finally {
      student.busy = false;
    }
    return true;
  }

  /** The 6-digit code in the newest mail to `address` at the catcher, polled; null after MAIL_TIMEOUT_MS. */
  async codeMailedTo(address) {
    const started = Date.now();
    const url = `${this.mailUrl}/messages?to=${encodeURIComponent(address)}`;
    while (Date.now() - started < MAIL_TIMEOUT_MS) {
      const mails = await fetch(url, { signal: AbortSignal.timeout(5000) }).then(
        (res) => res.json(),
        () => [],
      );
      const code = mails.map((mail) => /\b(\d{6})\b/.exec(mail.text)?.[1]).find(Boolean);
      if (code) {
        this.tally.wait('code mail', Date.now() - started);
        return code;
      }
      await this.pause(250);
    }
    return null;
  }

  /** A verified student, back on a campus address: signs in, shops, signs out half the time. */
  async returningStudent() {
    const idle = this.students.filter((student) => !student.busy);
    if (!idle.length) return this.newStudent();
    const student = pick(idle);
    student.busy = true;
    try {
      const person = this.browser(`10.50.0.${1 + randomInt(CAMPUS_ADDRESSES)}`);
      const signedIn = await person.post('sign-in', '/api/auth/login', {
        email: student.email,
        password: student.password,
      });
      if (signedIn?.status !== 200) return this.cutShort('sign-in', signedIn);
      await this.pause();
      await person.get('user', '/api/auth/user');
      await this.pause();
      await this.shop(person, student);
      if (chance(0.5)) {
        await this.pause();
        await person.post('sign-out', '/api/auth/logout');
      }
      return true;
    } finally {
      student.busy = false;
    }
  }

  /** The catalogue, then one or two offers: opened, redeemed (under the hourly limit), the code copied or the link clicked. */
  async shop(person, student) {
    await this.catalogue(person);
    for (let i = randomInt(2); i >= 0; i--) {
      const offer = pick(this.offers);
      await this.pause();
      await person.get('offer', `/api/offers/${offer.id}`);
      const hourAgo = Date.now() - 3600_000;
      student.redeemedAt = student.redeemedAt.filter((at) => at > hourAgo);
      if (student.redeemedAt.length < REDEEMS_PER_HOUR) {
        await this.pause();
        const redeemed = await person.post('redeem', `/api/offers/${offer.id}/redeem`);
        if (redeemed) student.redeemedAt.push(Date.now());
      }
      const referral = offer.offerType === 'referral';
      for (let copies = 1 + randomInt(2); copies > 0; copies--) {
        await this.pause();
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

  /** Staff: the console's four lists, in some order, with a session at most STAFF_SESSION_MS old. */
  async staffMember() {
    const staff = await this.staffSession();
    if (!staff) return false;
    const lists = STAFF_LISTS.map((list) => [random(), list])
      .sort(([a], [b]) => a - b)
      .map(([, list]) => list);
    for (const [kind, path] of lists) {
      await this.pause();
      await staff.get(kind, `${path}?${FIRST_PAGE}`);
    }
    return true;
  }

  async staffSession() {
    if (this.staff.signingIn) await this.staff.signingIn;
    if (!this.staff.browser || Date.now() - this.staff.since > STAFF_SESSION_MS) {
      this.staff.signingIn ??= this.signInStaff().finally(() => {
        this.staff.signingIn = null;
      });
      await this.staff.signingIn;
    }
    return this.staff.browser;
  }

  /**
   * The first admin signs in as the console does (S37): the password, the authenticator set up at the first sign-in,
   * the code of a time-step not used before; the previous session is signed out.
   */
  async signInStaff() {
    const person = this.browser('10.250.0.1');
    const login = await person.post('staff sign-in', '/api/auth/login', this.admin);
    if (login?.status !== 200 || !login.body?.mfaRequired) return this.cutShort('staff sign-in', login);
    if (!login.body.enrolled) {
      const enrolment = await person.post('staff mfa', '/api/auth/mfa/enrollment');
      if (enrolment?.status !== 200 || !enrolment.body?.secret)
        return this.cutShort('staff mfa enrolment', enrolment);
      this.staff.secret = enrolment.body.secret;
    }
    if (!this.staff.secret) {
      this.tally.problem('staff sign-in: no authenticator secret known');
      return false;
    }
    const step = Math.max(Math.floor(Date.now() / TOTP_STEP_MS), this.staff.lastStep + 1);
    await this.pause(step * TOTP_STEP_MS - Date.now());
    this.staff.lastStep = step;
    const code = authenticator
      .clone({ epoch: step * TOTP_STEP_MS })
      .generate(this.staff.secret.replace(/\s+/g, ''));
    const verified = await person.post('staff mfa', '/api/auth/mfa/verify', { code });
    if (verified?.status !== 200) return this.cutShort('staff mfa', verified);
    const previous = this.staff.browser;
    Object.assign(this.staff, { browser: person, since: Date.now() });
    if (previous) await previous.post('sign-out', '/api/auth/logout');
    return true;
  }
}
