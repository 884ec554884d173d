// The people of `npm run soak`, each a loop of visits picked at random: visitors browsing the catalogue and offer
// texts, new students signing up and verifying with the code mailed to their university address, returning students
// signing in to redeem offers and copy codes (students.mjs), and staff reading the console's lists (staff.mjs). Calls
// are counted by kind in a Tally; a journey that cannot go on (an unexpected answer, no mail) is counted as a problem
// and left.
import { randomBytes, randomInt } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Browser, Stopped } from './browser.mjs';
import { chance, pick, random, weighted } from './random.mjs';
import { Staff, STAFF_LISTS } from './staff.mjs';
import { newStudent, returningStudent } from './students.mjs';

/** How often each kind of visit is picked. */
const VISITS = [
  ['visitor', 55],
  ['new student', 10],
  ['returning student', 25],
  ['staff', 10],
];
/** Visitors come from this many addresses. */
const VISITOR_ADDRESSES = 4096;
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
    this.staff = new Staff(this);
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
        else if (visit === 'new student') await newStudent(this);
        else if (visit === 'returning student') await returningStudent(this);
        else await this.staff.visit();
        await this.pause();
      } catch (err) {
        if (err instanceof Stopped) return;
        this.tally.problem(`a visit threw: ${err.message}`);
      }
    }
  }

  /** The catalogue as `person` reads it: half the time revalidated with the last ETag seen. */
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
}
