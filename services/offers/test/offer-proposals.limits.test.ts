import { startEndlessUpload, startedForTests } from '@tullab/testing';
import { logoStore } from '../src/modules/logos/store';
import { PNG, merchantOf as merchant, staff, startOffers } from './helpers';
import { ADMIN, MINE, offerProposals, proposal } from './offer-proposals.fixture';

const offers = startedForTests(startOffers);
const { api, brand, propose, approve, reject, statusOf, offerRow } = offerProposals(offers);

/** A proposal whose logo never finishes arriving (a slow or hostile client). */
const endlessProposal = (caller: Record<string, string>) =>
  startEndlessUpload({
    url: `${offers.url}${MINE}`,
    headers: caller,
    fields: { title: 'A slow one' },
    file: { field: 'logoFile', filename: 'logo.png', contentType: 'image/png', start: PNG },
    announcedBytes: 2 * 1024 * 1024,
  });

/** The stored logo of a proposal (its object key), or null. */
const logoKeyOf = async (id: string) =>
  (await offers.sql<{ logo_key: string | null }>('select logo_key from offer_proposal where id = ?', [id]))[0]
    .logo_key;
const stored = async (key: string) => (await logoStore(offers.config).get(key)) !== null;

describe('limits on proposals (decision 017)', () => {
  const LIMIT = {
    message: 'Your brand already has 5 proposals waiting for review. Withdraw one or wait for a decision.',
    code: 'proposals_pending_limit',
  };

  test('5 pending per brand: the 6th → 409 before its logo is read; a withdrawal makes room', async () => {
    const kicks = await brand('Kicks');
    const caller = merchant(kicks.id);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await propose(caller, proposal({ title: `Proposal ${i}` }), i % 2 === 0);
      expect(res.status).toBe(201);
      ids.push(res.body.id as string);
    }
    const sixth = await propose(caller, proposal({ title: 'One too many' }), true);
    expect([sixth.status, sixth.body]).toEqual([409, LIMIT]);
    // refused while its logo is still arriving, so a brand at its limit never has one read
    const endless = endlessProposal(caller);
    try {
      expect(await endless.response).toEqual({ status: 409, body: LIMIT });
    } finally {
      endless.abort();
    }
    expect(await offers.sql('select id from offer_proposal where brand_id = ?', [kicks.id])).toHaveLength(5);
    // another brand is not held back
    expect((await propose(merchant((await brand('Other')).id), proposal())).status).toBe(201);

    expect((await api().post(`${MINE}/${ids[0]}/withdraw`).set(caller)).status).toBe(200);
    expect((await propose(caller, proposal({ title: 'Room again' }))).status).toBe(201);
    // a decided proposal no longer counts either
    expect((await reject(ids[1], 'Not this time, thank you.')).status).toBe(200);
    expect((await propose(caller, proposal({ title: 'And again' }))).status).toBe(201);
  });

  test('proposals sent at once cannot pass the limit together', async () => {
    const kicks = await brand('Kicks');
    const caller = merchant(kicks.id);
    for (let i = 0; i < 3; i++) expect((await propose(caller, proposal())).status).toBe(201);
    const results = await Promise.all(Array.from({ length: 4 }, () => propose(caller, proposal(), true)));
    expect(results.map((res) => res.status).sort()).toEqual([201, 201, 409, 409]);
    expect(
      await offers.sql("select id from offer_proposal where brand_id = ? and status = 'pending'", [kicks.id]),
    ).toHaveLength(5);
  });

  test('a logo over 2 MB → 413 naming logoFile, and nothing is stored', async () => {
    const kicks = await brand('Kicks');
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const req = api().post(MINE).set(merchant(kicks.id));
    for (const [name, value] of Object.entries(proposal())) req.field(name, value);
    const res = await req.attach('logoFile', big, 'logo.png');
    expect([res.status, res.body]).toEqual([
      413,
      {
        message: 'Logo must be at most 2 MB',
        code: 'upload_too_large',
        errors: { logoFile: 'Logo must be at most 2 MB' },
      },
    ]);
    expect(await offers.sql('select id from offer_proposal where brand_id = ?', [kicks.id])).toEqual([]);
  });
});

describe('logos no offer uses leave the bucket (decision 017)', () => {
  test('a withdrawn and a rejected proposal’s logo are removed; an approved one is the offer’s', async () => {
    const kicks = await brand('Kicks');
    const caller = merchant(kicks.id);

    const withdrawn = (await propose(caller, proposal({ title: 'Withdrawn' }), true)).body.id as string;
    const withdrawnKey = (await logoKeyOf(withdrawn))!;
    expect(await stored(withdrawnKey)).toBe(true);
    const res = await api().post(`${MINE}/${withdrawn}/withdraw`).set(caller);
    expect(res.body).toMatchObject({ status: 'withdrawn', hasLogo: false });
    expect(await stored(withdrawnKey)).toBe(false);
    expect(await statusOf('get', `${MINE}/${withdrawn}/logo`, caller)).toBe(404);

    const rejected = (await propose(caller, proposal({ title: 'Rejected' }), true)).body.id as string;
    const rejectedKey = (await logoKeyOf(rejected))!;
    expect(await stored(rejectedKey)).toBe(true);
    expect((await reject(rejected, 'The logo is not the brand’s.')).body).toMatchObject({
      status: 'rejected',
      hasLogo: false,
    });
    expect(await stored(rejectedKey)).toBe(false);
    expect(await statusOf('get', `${ADMIN}/${rejected}/logo`, staff())).toBe(404);

    // approved, a new offer's logo stays; an edit's new logo replaces it, and the replaced one leaves the bucket
    const created = (await propose(caller, proposal({ title: 'Approved' }), true)).body.id as string;
    const firstKey = (await logoKeyOf(created))!;
    const offerId = (await approve(created)).body.offerId as string;
    expect(await offerRow(offerId)).toMatchObject({ logo_key: firstKey });
    expect(await stored(firstKey)).toBe(true);
    const edit = (await propose(caller, proposal({ offerId, title: 'Approved again' }), true)).body
      .id as string;
    const secondKey = (await logoKeyOf(edit))!;
    expect((await approve(edit)).status).toBe(200);
    expect(await offerRow(offerId)).toMatchObject({ logo_key: secondKey });
    expect(await stored(secondKey)).toBe(true);
    expect(await stored(firstKey)).toBe(false);
  });
});
