import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { offer } from '../../testing/fixtures';
import { renderConsole } from '../../testing/render-console';
import { listReply } from '../../testing/stub-api';
import type { OfferRecord } from './types';

afterEach(() => jest.restoreAllMocks());

const ID = offer().id;

function showRoutes(initial: OfferRecord) {
  let current = initial;
  const set = (changes: Partial<OfferRecord>) => {
    current = { ...current, ...changes };
    return { body: current };
  };
  return {
    [`GET /api/admin/offers/${ID}`]: () => ({ body: current }),
    [`POST /api/admin/offers/${ID}/pause`]: () => set({ status: 'paused' }),
    [`POST /api/admin/offers/${ID}/resume`]: () => set({ status: 'live' }),
    [`POST /api/admin/offers/${ID}/codes`]: () => {
      set({ codesTotal: current.codesTotal + 3, codesLeft: current.codesLeft + 3, lowPool: false });
      return {
        body: {
          added: 3,
          duplicates: 1,
          codesTotal: current.codesTotal,
          codesLeft: current.codesLeft,
          lowPool: false,
        },
      };
    },
    [`GET /api/admin/offers/${ID}/stats`]: listReply('offer-stats', []),
  };
}

describe('offer page', () => {
  test('shows the card as students see it and every field', async () => {
    renderConsole(`/offers/${ID}/show`, showRoutes(offer({ expiresAt: '2026-12-31T19:59:59.999Z' })));
    const card = (await screen.findByText('Card preview, as students see it')).closest('figure')!;
    within(card).getByText('20%');
    within(card).getByText('OFF');
    within(card).getByText('Valid until 31 Dec 2026');
    within(card).getByRole('img', { name: 'Desert Bloom logo' });
    screen.getByText('TLBBLOOM20');
    screen.getByText('Copy the code and use it at checkout.');
    screen.getByText('One code per student. Not combinable with other offers.');
  });

  test.each([
    ['its own code', offer(), 'TLBBLOOM20'],
    ['without one, the code Tullab made for it', offer({ code: null }), 'desertbloomtullab42'],
    [
      'with a pool, a code of the pool',
      offer({ code: null, codesTotal: 5, codesLeft: 5 }),
      'A code of the pool each (see Code pool)',
    ],
  ])('"Code students get" shows %s (decision 012)', async (_, record, shown) => {
    renderConsole(`/offers/${ID}/show`, showRoutes(record));
    await screen.findByText('Code students get');
    screen.getByText(shown);
    const madeByTullab = screen.queryByText(/same for every student: send it to the merchant/);
    expect(!!madeByTullab).toBe(shown === 'desertbloomtullab42');
    if (shown !== 'desertbloomtullab42') expect(screen.queryByText('desertbloomtullab42')).toBeNull();
  });

  test('pausing a live offer asks first, then the page shows it paused with Resume', async () => {
    const { sent } = renderConsole(`/offers/${ID}/show`, showRoutes(offer()));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause this offer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));
    await screen.findByText('Offer paused');
    expect(sent(`POST /api/admin/offers/${ID}/pause`)).toHaveLength(1);
    await screen.findByRole('button', { name: 'Resume' });
  });

  test('a draft is published with Publish', async () => {
    const { sent } = renderConsole(`/offers/${ID}/show`, showRoutes(offer({ status: 'draft' })));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(sent(`POST /api/admin/offers/${ID}/resume`)).toHaveLength(1));
  });

  test('the code pool warns when it runs low and imports pasted codes', async () => {
    const { sent } = renderConsole(
      `/offers/${ID}/show/codes`,
      showRoutes(offer({ codesTotal: 100, codesLeft: 4, lowPool: true })),
    );
    const user = userEvent.setup();
    await screen.findByText('Only 4 codes left. Import more before the pool runs out.');
    await user.click(screen.getByRole('textbox', { name: 'Codes' }));
    await user.paste('code\nSTU-001\nSTU-002\nSTU-003\nSTU-001');
    await user.click(screen.getByRole('button', { name: 'Import codes' }));
    await screen.findByText('Added 3 new codes; 1 already in the pool. 7 of 103 left.');
    expect(sent(`POST /api/admin/offers/${ID}/codes`)[0].body).toEqual({
      csv: 'code\nSTU-001\nSTU-002\nSTU-003\nSTU-001',
    });
    await waitFor(() => expect(screen.queryByText(/Import more before the pool runs out/)).toBeNull());
  });

  test('a CSV file fills the codes to import', async () => {
    renderConsole(`/offers/${ID}/show/codes`, showRoutes(offer()));
    const user = userEvent.setup();
    await user.upload(
      await screen.findByLabelText('CSV file'),
      new File(['code\nA-1\nA-2\n'], 'codes.csv', { type: 'text/csv' }),
    );
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Codes' }) as HTMLTextAreaElement).value).toBe(
        'code\nA-1\nA-2\n',
      ),
    );
  });

  test('deleting asks first, says what is kept, then goes back to the list', async () => {
    const { sent, location } = renderConsole(`/offers/${ID}/show`, {
      ...showRoutes(offer()),
      [`DELETE /api/admin/offers/${ID}`]: { body: offer({ status: 'archived' }) },
      'GET /api/admin/offers': listReply('offers', []),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this offer?' });
    within(dialog).getByText(/Its redemptions, codes and statistics are kept/);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent(`DELETE /api/admin/offers/${ID}`)).toHaveLength(1));
    await waitFor(() => expect(location().pathname).toBe('/offers'));
  });

  test('a deleted offer says so, offers nothing to change, and links to its history', async () => {
    const { location } = renderConsole(
      `/offers/${ID}/show`,
      showRoutes(offer({ status: 'archived', codesTotal: 10, codesLeft: 4 })),
    );
    await screen.findByText(/This offer was deleted: students no longer see it and it cannot change/);
    screen.getByText('Deleted');
    for (const name of ['Delete', 'Edit', 'Pause', 'Resume', 'Publish'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'History' }));
    await waitFor(() => expect(location().pathname).toBe('/offer-audit-log'));
    expect(JSON.parse(new URLSearchParams(location().search).get('filter')!)).toEqual({ resourceId: ID });
  });

  test('a deleted offer’s code pool shows its counts, with no import', async () => {
    renderConsole(
      `/offers/${ID}/show/codes`,
      showRoutes(offer({ status: 'archived', codesTotal: 10, codesLeft: 4 })),
    );
    await screen.findByText('Codes in the pool');
    expect(screen.queryByRole('button', { name: 'Import codes' })).toBeNull();
  });

  test('a referral offer has no code pool', async () => {
    renderConsole(
      `/offers/${ID}/show/codes`,
      showRoutes(offer({ offerType: 'referral', referralLink: 'https://brand.ae/s' })),
    );
    await screen.findByText('A referral offer has no discount codes.');
  });

  test('the statistics tab draws a chart per counter for the last 30 days', async () => {
    const { sent } = renderConsole(`/offers/${ID}/show/stats`, showRoutes(offer()));
    for (const name of ['Views', 'Clicks', 'Code copies', 'Share links copied', 'Redemptions']) {
      const chart = await screen.findByRole('group', { name: `${name} per day` });
      expect(within(chart).getAllByRole('img')).toHaveLength(30);
    }
    expect(sent(`GET /api/admin/offers/${ID}/stats`)).toHaveLength(1);
  });
});

describe('offer page in English and Arabic (issue 12)', () => {
  test('shows each Arabic text beside its English one, right to left', async () => {
    renderConsole(
      `/offers/${ID}/show`,
      showRoutes(
        offer({
          titleAr: 'خصم ٢٠٪ للطلاب',
          descriptionAr: null,
          discountRedemptionGuideAr: [{ step: 1, instruction: 'انسخ الرمز واستخدمه عند الدفع.' }],
          termsAndConditionsAr: 'رمز واحد لكل طالب.',
        }),
      ),
    );
    const title = await screen.findByText('خصم ٢٠٪ للطلاب');
    expect(title.getAttribute('dir')).toBe('rtl');
    expect(title.getAttribute('lang')).toBe('ar');
    const inArabic = screen.getByRole('region', { name: 'In Arabic' });
    within(inArabic).getByText('انسخ الرمز واستخدمه عند الدفع.');
    within(inArabic).getByText('رمز واحد لكل طالب.');
    within(screen.getByRole('region', { name: 'In English' })).getByText(
      'One code per student. Not combinable with other offers.',
    );
  });

  test('an offer without Arabic texts says so', async () => {
    renderConsole(`/offers/${ID}/show`, showRoutes(offer()));
    const inArabic = await screen.findByRole('region', { name: 'In Arabic' });
    within(inArabic).getByText('None: students reading Arabic see the English ones.');
  });
});
