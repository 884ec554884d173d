// Grows the catalogue of `npm run bench` to a given size through offers' staff API, and waits until the gateway's
// catalogue lists it.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { offerCategories } from '@tullab/contracts';

const { signIdentity } = createRequire(import.meta.url)('@tullab/http');

/** Calls offers' staff API directly, signed as the gateway signs a staff member's call. */
function asStaff({ offersUrl, secret }, path, body) {
  const staff = {
    userId: randomUUID(),
    role: 'staff',
    verificationStatus: 'none',
    sessionId: null,
    ip: '127.0.0.1',
  };
  return fetch(`${offersUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signIdentity(staff, secret, 'offers') },
    body: JSON.stringify(body),
  });
}

/**
 * Adds live offers through offers' staff API (at `offersUrl`, signed with the internal `secret`), a few at a time,
 * until the catalogue holds `size`.
 */
export async function growCatalogue(offers, from, size) {
  const create = async (i) => {
    const res = await asStaff(offers, '/admin/offers', {
      title: `${10 + (i % 40)}% off for students`,
      brandName: `Bench Brand ${i}`,
      businessDescription: `Brand number ${i} of the benchmark catalogue, with an ordinary description.`,
      businessCategory: offerCategories[i % offerCategories.length],
      offerType: 'discount',
      discountType: 'percentage',
      discountValue: 10 + (i % 40),
      code: `BENCH${i}`,
      websiteLink: `https://brand-${i}.example`,
      discountRedemptionGuide: [
        { instruction: 'Copy the code' },
        { instruction: 'Shop online' },
        { instruction: 'Paste the code at checkout' },
      ],
      termsAndConditions:
        'Valid for verified students only. One use per student. Not combinable with other offers.',
      status: 'live',
    });
    if (res.status !== 201) throw new Error(`offer ${i} not created: ${res.status} ${await res.text()}`);
    // read to the end, so that the connection is used again
    await res.arrayBuffer();
  };
  for (let i = from; i < size; i += 8) {
    await Promise.all(Array.from({ length: Math.min(8, size - i) }, (_, j) => create(i + j)));
  }
}

/** Waits until the gateway's catalogue lists `size` offers (the change reaches it through the broadcast). */
export async function catalogueHolds(gatewayUrl, size) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const offers = await (await fetch(`${gatewayUrl}/api/offers`)).json();
    if (offers.length === size) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the catalogue never held ${size} offers`);
}
