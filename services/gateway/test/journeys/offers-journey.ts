// What the offers journeys share (offers, tracking, merchant applications): the stack, trusting the loopback proxy so
// that every client has an address of its own; the first admin, a visitor, one `active` student and one who only
// signed up; and how they create offers and read what the worker counted.
import { startedForTests } from '@tullab/testing';
import { browserWithOwnAddress, type Browser } from './browsers';
import { eventually } from './eventually';
import { createOffer as createOfferAs, type OfferRecord } from './offers';
import { ADMIN, startStack } from './stack';
import { signInStaff } from './staff';
import { signUpStudent, verifyByCode, type SignedUpStudent } from './students';

/**
 * The stack and its people for the journeys of the file that calls this: started before its tests, closed after
 * them. The objects answered are empty while the file loads.
 */
export function offersJourney() {
  const stack = startedForTests(() => startStack({ trustProxy: 'loopback' }), 90_000);
  const admin = {} as Browser;
  const visitor = {} as Browser;
  /** one student whose verification is `active` and one who only signed up, shared by the file */
  const active = {} as SignedUpStudent;
  const unverified = {} as SignedUpStudent;

  /** Every client has an address of its own (the stack trusts the loopback proxy): per-address limits stay per client. */
  const newBrowser = () => browserWithOwnAddress(stack.url);

  async function activeStudent(): Promise<SignedUpStudent> {
    const signedUp = await signUpStudent(newBrowser());
    await verifyByCode(stack, signedUp);
    return signedUp;
  }

  beforeAll(async () => {
    Object.assign(admin, await signInStaff(stack.url, ADMIN));
    Object.assign(visitor, newBrowser());
    const [verified, signedUp] = await Promise.all([activeStudent(), signUpStudent(newBrowser())]);
    Object.assign(active, verified);
    Object.assign(unverified, signedUp);
  }, 90_000);

  const createOffer = (overrides: Record<string, unknown> = {}) => createOfferAs(admin, overrides);

  const catalogue = async (): Promise<OfferRecord[]> => (await visitor.get('/api/offers')).body;

  const currentUsesOf = async (id: string) =>
    (await catalogue()).find((offer) => offer.id === id)?.currentUses as number;

  /** The offer's counts summed over its days, as staff see them (`/api/admin/offers/:id/stats`, decision 008). */
  async function countersOf(id: string): Promise<Record<string, number>> {
    const res = await admin.get(`/api/admin/offers/${id}/stats`);
    if (res.status !== 200) throw new Error(`stats answered ${res.status}: ${res.text}`);
    const sum: Record<string, number> = {};
    for (const { id: _id, day: _day, ...counts } of res.body as Array<Record<string, number>>) {
      for (const [name, count] of Object.entries(counts)) sum[name] = (sum[name] ?? 0) + count;
    }
    return sum;
  }

  return {
    stack,
    admin,
    visitor,
    active,
    unverified,
    newBrowser,
    activeStudent,
    createOffer,
    referralOffer: (referralLink: string) =>
      createOffer({ offerType: 'referral', discountType: null, discountValue: null, referralLink }),
    catalogue,
    /**
     * The offer's `currentUses` in `GET /api/offers` once the catalogue has heard the worker's last change (PostgreSQL
     * notifies it after the commit, so a read right after the counters may still show the page before).
     */
    listedUses: (id: string, expected: number) =>
      eventually(
        () => currentUsesOf(id),
        (uses) => uses === expected,
      ),
    /** Waits until the worker has applied the events behind `expected` (every count named there, exactly). */
    async drained(id: string, expected: Record<string, number>): Promise<void> {
      const matches = (counters: Record<string, number>) =>
        Object.entries(expected).every(([name, value]) => counters[name] === value);
      expect(await eventually(() => countersOf(id), matches)).toMatchObject(expected);
    },
    redeem: (browser: Browser, id: string) => browser.post(`/api/offers/${id}/redeem`),
  };
}
