import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { api, type User } from '@tullab/web-kit/api/client';
import { makeStore } from '@tullab/web-kit/store';
import { findToast } from '@tullab/web-kit/testing/find-toast';
import { stubApi, studentUser, type StubRoute } from '@tullab/web-kit/testing/stub-api';
import { renderWithProviders } from '../../../testing/render';
import type { ConnectedBrand } from '../connected-brands-api';
import { ConnectedBrandsCard } from './ConnectedBrandsCard';

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

const LIST = 'GET /api/students/me/connected-brands';
const SHOP = '3f7c1e2a-9b1d-4c55-8a0e-6d2f4b9e1c01';
const CAFE = '8d2e4f6a-1c3b-4d5e-9f70-a1b2c3d4e5f6';
const disconnectOf = (id: string) => `DELETE /api/students/me/connected-brands/${id}`;

const connected: ConnectedBrand[] = [
  {
    id: SHOP,
    appName: 'Kicks online shop',
    brandName: 'Kicks',
    mode: 'live',
    scopes: ['student', 'first_name', 'institution'],
    connectedAt: '2026-11-20T09:30:00.000Z',
  },
  {
    id: CAFE,
    appName: 'Desert Bloom café',
    brandName: null,
    mode: 'test',
    scopes: ['student'],
    connectedAt: '2026-10-02T12:00:00.000Z',
  },
];

/** The card for a signed-in student, the server answering `routes`. */
function renderCard(routes: Record<string, StubRoute>) {
  const store = makeStore();
  store.dispatch(api.util.upsertQueryData('getUser', undefined, studentUser('active') as User));
  const stub = stubApi(routes);
  renderWithProviders(<ConnectedBrandsCard />, { store });
  return { ...stub, user: userEvent.setup() };
}

const rows = (name = 'Your connected brands') =>
  within(screen.getByRole('list', { name })).getAllByRole('listitem');

describe('Connected brands on the dashboard (issue 30, decision 019)', () => {
  test('lists each app the student allowed: its brand, a test badge, what it sees and since when', async () => {
    renderCard({ [LIST]: { body: connected } });
    await screen.findByRole('heading', { level: 2, name: 'Connected brands' });
    await screen.findByText('Kicks online shop');
    const [shop, cafe] = rows();
    expect(screen.getByRole('listitem', { name: 'Kicks online shop' })).toBe(shop);
    within(shop).getByText('By Kicks');
    within(shop).getByText('Sees: Verified student status, First name, Institution');
    const since = within(shop).getByText('Connected since 20 Nov 2026');
    expect(since.getAttribute('datetime')).toBe('2026-11-20T09:30:00.000Z');
    expect(within(shop).queryByText('Test app')).toBeNull();
    within(cafe).getByText('Test app');
    within(cafe).getByText('Sees: Verified student status');
    expect(within(cafe).queryByText(/^By /)).toBeNull();
  });

  test('Disconnect asks first; Cancel keeps the brand, confirming takes the consent back and drops it', async () => {
    const { sent, user } = renderCard({
      [LIST]: { body: connected },
      [disconnectOf(SHOP)]: { status: 204 },
    });
    await screen.findByText('Kicks online shop');
    const disconnect = () =>
      within(rows()[0]).getByRole('button', { name: 'Disconnect', description: 'Kicks online shop' });

    await user.click(disconnect());
    let dialog = await screen.findByRole('dialog', { name: 'Disconnect Kicks online shop?' });
    within(dialog).getByText(/you will be asked again/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(disconnectOf(SHOP))).toHaveLength(0);

    await user.click(disconnect());
    dialog = await screen.findByRole('dialog', { name: 'Disconnect Kicks online shop?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await findToast('Brand disconnected');
    screen.getByText('Kicks online shop will ask you again next time.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(disconnectOf(SHOP))).toHaveLength(1);
    expect(rows().map((row) => within(row).getByRole('heading').textContent)).toEqual(['Desert Bloom café']);
    // the button that had focus went with its brand: focus is on what the card shows now
    expect(document.activeElement?.contains(screen.getByRole('list'))).toBe(true);
    // the list asked once: the card drops the brand itself once the server has
    expect(sent(LIST)).toHaveLength(1);
  });

  test('a refused disconnection keeps the brand and says so', async () => {
    const { user } = renderCard({
      [LIST]: { body: connected },
      [disconnectOf(CAFE)]: { status: 500, body: { message: 'Something went wrong' } },
    });
    await screen.findByText('Desert Bloom café');
    await user.click(within(rows()[1]).getByRole('button', { name: 'Disconnect' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disconnect' }));
    await findToast("Couldn't disconnect");
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rows()).toHaveLength(2);
  });

  test('no brand yet: says how one gets here', async () => {
    renderCard({ [LIST]: { body: [] } });
    await screen.findByText(/No brand is connected/);
    expect(screen.queryByRole('list')).toBeNull();
  });

  test('while loading, a status says so', async () => {
    renderCard({ [LIST]: () => new Promise(() => undefined) });
    expect((await screen.findByRole('status')).textContent).toBe('Loading your connected brands...');
  });

  test('a failure offers "Try again", which asks again', async () => {
    let calls = 0;
    const { user } = renderCard({
      [LIST]: () =>
        ++calls === 1 ? { status: 500, body: { message: 'boom' } } : { body: connected.slice(0, 1) },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We couldn't load your connected brands. Please try again.");
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Kicks online shop');
  });

  test('in Arabic: Arabic texts, list and date; the app keeps its own name', async () => {
    await i18n.changeLanguage('ar');
    renderCard({ [LIST]: { body: connected } });
    await screen.findByRole('heading', { level: 2, name: 'العلامات التجارية المرتبطة' });
    await screen.findByText('Kicks online shop');
    const [shop] = rows('علاماتك التجارية المرتبطة');
    expect(
      within(shop).getByRole('heading', { level: 3, name: 'Kicks online shop' }).getAttribute('dir'),
    ).toBe('auto');
    const list = new Intl.ListFormat('ar-AE', { type: 'unit', style: 'short' }).format([
      'صفة الطالب الموثّق',
      'الاسم الأول',
      'المؤسسة التعليمية',
    ]);
    within(shop).getByText(`يرى: ${list}`);
    const date = new Intl.DateTimeFormat('ar-AE', { dateStyle: 'medium' }).format(
      new Date('2026-11-20T09:30:00.000Z'),
    );
    within(shop).getByText(`مرتبطة منذ ${date}`);
    within(shop).getByRole('button', { name: 'إلغاء الربط' });
  });
});
