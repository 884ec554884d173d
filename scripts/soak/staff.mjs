// The staff of `npm run soak`: the first admin signs in as the console does (password, then TOTP) and reads the
// console's lists of students, verifications, offers and failed jobs; the session is renewed every few minutes.
import { authenticator } from 'otplib';
import { random } from './random.mjs';

/** Staff sign in again after this long (a TOTP time-step is accepted once per account: at most once per 30 s). */
const STAFF_SESSION_MS = 90_000;
const TOTP_STEP_MS = 30_000;
/** The console's lists: [kind of call, path]. */
export const STAFF_LISTS = [
  ['admin students', '/api/admin/students'],
  ['admin verifications', '/api/admin/verifications'],
  ['admin offers', '/api/admin/offers'],
  ['admin jobs', '/api/admin/jobs'],
];
const FIRST_PAGE = `range=${encodeURIComponent('[0,24]')}`;

/** The first admin (`traffic.admin`), one session shared by the soak's staff visits. */
export class Staff {
  constructor(traffic) {
    this.traffic = traffic;
    this.browser = null;
    this.since = 0;
    this.secret = null;
    this.lastStep = -1;
    this.signingIn = null;
  }

  /** Staff: the console's four lists, in some order, with a session at most STAFF_SESSION_MS old. */
  async visit() {
    const staff = await this.session();
    if (!staff) return false;
    const lists = STAFF_LISTS.map((list) => [random(), list])
      .sort(([a], [b]) => a - b)
      .map(([, list]) => list);
    for (const [kind, path] of lists) {
      await this.traffic.pause();
      await staff.get(kind, `${path}?${FIRST_PAGE}`);
    }
    return true;
  }

  async session() {
    if (this.signingIn) await this.signingIn;
    if (!this.browser || Date.now() - this.since > STAFF_SESSION_MS) {
      this.signingIn ??= this.signIn().finally(() => {
        this.signingIn = null;
      });
      await this.signingIn;
    }
    return this.browser;
  }

  /**
   * The first admin signs in as the console does (S37): the password, the authenticator set up at the first sign-in,
   * the code of a time-step not used before; the previous session is signed out.
   */
  async signIn() {
    const { traffic } = this;
    const person = traffic.browser('10.250.0.1');
    const login = await person.post('staff sign-in', '/api/auth/login', traffic.admin);
    if (login?.status !== 200 || !login.body?.mfaRequired) return traffic.cutShort('staff sign-in', login);
    if (!login.body.enrolled) {
      const enrolment = await person.post('staff mfa', '/api/auth/mfa/enrollment');
      if (enrolment?.status !== 200 || !enrolment.body?.secret)
        return traffic.cutShort('staff mfa enrolment', enrolment);
      this.secret = enrolment.body.secret;
    }
    if (!this.secret) {
      traffic.tally.problem('staff sign-in: no authenticator secret known');
      return false;
    }
    const step = Math.max(Math.floor(Date.now() / TOTP_STEP_MS), this.lastStep + 1);
    await traffic.pause(step * TOTP_STEP_MS - Date.now());
    this.lastStep = step;
    const code = authenticator
      .clone({ epoch: step * TOTP_STEP_MS })
      .generate(this.secret.replace(/\s+/g, ''));
    const verified = await person.post('staff mfa', '/api/auth/mfa/verify', { code });
    if (verified?.status !== 200) return traffic.cutShort('staff mfa', verified);
    const previous = this.browser;
    Object.assign(this, { browser: person, since: Date.now() });
    if (previous) await previous.post('sign-out', '/api/auth/logout');
    return true;
  }
}
