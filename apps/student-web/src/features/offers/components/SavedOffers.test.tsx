import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { findToast } from '@tullab/web-kit/testing/find-toast';
import { stubApi, studentUser, type StubRoute } from '@tullab/web-kit/testing/stub-api';
import { renderWithProviders } from '../../../testing/render';
import { makeOffer } from '../testing/offer-factory';
import { OfferBrowser } from './OfferBrowser';
import { OfferCard } from './OfferCard';

/** Issue 13 point 3: the heart on cards, the "Saved" filter and the "Expiring soon" sort, in English and Arabic. */

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

const DAY = 24 * 3600_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const bloom = makeOffer({ id: 'b1', brandName: 'Desert Bloom', currentUses: 30, expiresAt: inDays(20) });
const kicks = makeOffer({ id: 'k1', brandName: 'Kicks', currentUses: 20, expiresAt: inDays(2) });
const falafel = makeOffer({ id: 'f1', brandName: 'Falafel Co', currentUses: 10, expiresAt: inDays(6) });
const stream = makeOffer({ id: 's1', brandName: 'Beat Stream', currentUses: 5, expiresAt: null });
const catalogue = [bloom, kicks, falafel, stream];

const student = { body: { user: studentUser('none') } };
const staffMember = { body: { user: { ...studentUser('none'), role: 'staff' } } };

/** The saved list as the server keeps it, changed by the PUT and DELETE the app sends. */
function savedServer(initial: string[] = []) {
  const ids = [...initial];
  const routes: Record<string, StubRoute> = {
    'GET /api/students/me/saved': () => ({ body: { offerIds: ids } }),
  };
  for (const { id } of catalogue) {
    routes[`PUT /api/offers/${id}/save`] = () => {
      if (!ids.includes(id)) ids.unshift(id);
      return { status: 204 };
    };
    routes[`DELETE /api/offers/${id}/save`] = () => {
      ids.splice(ids.indexOf(id), 1);
      return { status: 204 };
    };
  }
  return { ids, routes };
}

function renderCard(user: StubRoute, routes: Record<string, StubRoute> = {}) {
  const onOpen = jest.fn();
  const stub = stubApi({ 'GET /api/auth/user': user, ...routes });
  renderWithProviders(<OfferCard offer={bloom} onOpen={onOpen} />);
  return { ...stub, onOpen, user: userEvent.setup() };
}

function renderBrowser(user: StubRoute, routes: Record<string, StubRoute> = {}) {
  const stub = stubApi({ 'GET /api/auth/user': user, 'GET /api/offers': { body: catalogue }, ...routes });
  renderWithProviders(<OfferBrowser />);
  return { ...stub, user: userEvent.setup() };
}

const shownBrands = () =>
  within(screen.getByRole('list', { name: 'Offers' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('the heart on an offer card', () => {
  test('a student saves and removes the offer: the button says which, and the card does not open', async () => {
    const server = savedServer();
    const { sent, onOpen, user } = renderCard(student, server.routes);
    const heart = await screen.findByRole('button', { name: 'Save offer from Desert Bloom' });
    await waitFor(() => expect(sent('GET /api/students/me/saved')).toHaveLength(1));
    expect(heart.getAttribute('aria-pressed')).toBe('false');

    await user.click(heart);
    const pressed = await screen.findByRole('button', { name: 'Remove Desert Bloom from saved' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect(sent('PUT /api/offers/b1/save')).toHaveLength(1);
    expect(server.ids).toEqual(['b1']);

    await user.click(pressed);
    await screen.findByRole('button', { name: 'Save offer from Desert Bloom' });
    expect(sent('DELETE /api/offers/b1/save')).toHaveLength(1);
    expect(server.ids).toEqual([]);
    expect(onOpen).not.toHaveBeenCalled();
  });

  test('a saved offer shows a pressed heart; a refused change turns it back and says so', async () => {
    const server = savedServer(['b1']);
    const { user } = renderCard(student, {
      ...server.routes,
      'DELETE /api/offers/b1/save': { status: 500, body: { message: 'Internal error' } },
    });
    const heart = await screen.findByRole('button', { name: 'Remove Desert Bloom from saved' });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    await user.click(heart);
    await findToast('Not saved');
    expect(
      (await screen.findByRole('button', { name: 'Remove Desert Bloom from saved' })).getAttribute(
        'aria-pressed',
      ),
    ).toBe('true');
  });

  test('a visitor who presses it is asked to sign in; nothing is saved', async () => {
    const { requests, onOpen, user } = renderCard({ status: 401, body: { message: 'Not authenticated' } });
    await user.click(await screen.findByRole('button', { name: 'Save offer from Desert Bloom' }));
    await findToast('Sign in to save offers');
    expect(requests.filter((r) => r.path.includes('save'))).toEqual([]);
    expect(onOpen).not.toHaveBeenCalled();
  });

  test('staff, who cannot save offers, see no heart', async () => {
    const { sent } = renderCard(staffMember);
    await waitFor(() => expect(sent('GET /api/auth/user')).toHaveLength(1));
    await screen.findByRole('button', { name: 'Get Offer from Desert Bloom' });
    expect(screen.queryByRole('button', { name: /Desert Bloom from saved|Save offer/ })).toBeNull();
    expect(sent('GET /api/students/me/saved')).toHaveLength(0);
  });

  test('in Arabic, the heart is named in Arabic with the brand', async () => {
    await act(() => i18n.changeLanguage('ar'));
    const server = savedServer();
    const { user } = renderCard(student, server.routes);
    const heart = await screen.findByRole('button', { name: 'احفظ عرض Desert Bloom' });
    await user.click(heart);
    expect(
      (await screen.findByRole('button', { name: 'أزل Desert Bloom من المحفوظات' })).getAttribute(
        'aria-pressed',
      ),
    ).toBe('true');
  });
});

describe('the Saved filter and the Expiring soon sort', () => {
  test('"Saved" shows only the saved offers, and says so when there are none', async () => {
    const server = savedServer(['f1', 'b1']);
    const { user } = renderBrowser(student, server.routes);
    await screen.findByRole('button', { name: 'Remove Desert Bloom from saved' });
    expect(shownBrands()).toEqual(['Desert Bloom', 'Kicks', 'Falafel Co', 'Beat Stream']);
    const filter = screen.getByRole('button', { name: 'Saved' });
    await user.click(filter);
    expect(filter.getAttribute('aria-pressed')).toBe('true');
    expect(shownBrands()).toEqual(['Desert Bloom', 'Falafel Co']);
    // removing one from the filtered grid takes it away
    await user.click(screen.getByRole('button', { name: 'Remove Falafel Co from saved' }));
    await waitFor(() => expect(shownBrands()).toEqual(['Desert Bloom']));
    await user.click(screen.getByRole('button', { name: 'Remove Desert Bloom from saved' }));
    await screen.findByText(
      'You have not saved any offers yet. Press the heart on an offer to keep it here.',
    );
    await user.click(filter);
    expect(shownBrands()).toHaveLength(4);
  });

  test('"Expiring soon" lists the offers ending within 7 days, soonest first', async () => {
    const { user } = renderBrowser(student, savedServer().routes);
    await screen.findByRole('list', { name: 'Offers' });
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Expiring soon');
    expect(shownBrands()).toEqual(['Kicks', 'Falafel Co']);
    expect(screen.getByRole('status').textContent).toContain('Offers ending within 7 days, soonest first.');
  });

  test('a visitor sees the Saved filter, and pressing it asks them to sign in', async () => {
    const { user } = renderBrowser({ status: 401, body: { message: 'Not authenticated' } });
    await screen.findByRole('list', { name: 'Offers' });
    await user.click(await screen.findByRole('button', { name: 'Saved' }));
    await findToast('Sign in to save offers');
  });

  test('in Arabic: the filter, the sort and the empty message', async () => {
    await act(() => i18n.changeLanguage('ar'));
    const { user } = renderBrowser(student, savedServer().routes);
    await screen.findByRole('list', { name: 'العروض' });
    await user.selectOptions(screen.getByRole('combobox'), 'ينتهي قريباً');
    expect(screen.getByRole('status').textContent).toContain(
      'العروض التي تنتهي خلال 7 أيام، الأقرب انتهاءً أولاً.',
    );
    await user.click(screen.getByRole('button', { name: 'المحفوظة' }));
    await screen.findByText('لم تحفظ أي عرض بعد. اضغط على القلب في أي عرض لتجده هنا.');
  });
});
