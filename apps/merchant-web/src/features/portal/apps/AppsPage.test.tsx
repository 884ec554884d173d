import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { brandAppMessages, type BrandAppAnswer, type BrandAppWithSecret } from '@tullab/contracts';
import { fill } from '@tullab/web-kit/testing/fill';
import { findToast } from '@tullab/web-kit/testing/find-toast';
import { stubApi, studentUser, type StubRoute } from '@tullab/web-kit/testing/stub-api';
import i18n from 'i18next';
import { renderApp } from '../../../testing/render';

const merchant = studentUser('none', { role: 'merchant' });
const shop: BrandAppAnswer = {
  id: '3f0c9a4e-8d1b-4c7a-9e2f-5b6d7a8c9e01',
  name: 'Online shop',
  redirectUris: ['https://bloom.example/checkout/tullab', 'https://bloom.example/cart/tullab'],
  mode: 'live',
  status: 'active',
  secretHint: 'x9Qa',
  createdAt: '2026-11-02T08:00:00.000Z',
  secretRotatedAt: '2026-11-20T10:30:00.000Z',
  revokedAt: null,
};
const oldTest: BrandAppAnswer = {
  id: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
  name: 'Old test shop',
  redirectUris: ['http://localhost:3000/callback'],
  mode: 'test',
  status: 'revoked',
  secretHint: 'Zz12',
  createdAt: '2026-10-01T08:00:00.000Z',
  secretRotatedAt: null,
  revokedAt: '2026-10-15T08:00:00.000Z',
};
const SECRET = 'tS3cr3t-5hown-0nce-Kk8vYp2Qm4Rn6Lw9';
const rotateRoute = `POST /api/merchant/apps/${shop.id}/rotate-secret`;
const revokeRoute = `POST /api/merchant/apps/${shop.id}/revoke`;

const stubApps = (routes: Record<string, StubRoute> = {}) =>
  stubApi({
    'GET /api/auth/user': { body: { user: merchant } },
    'GET /api/merchant/brand': { body: { id: 'b1', name: 'Desert Bloom', contactEmail: 'layla@bloom.ae' } },
    'GET /api/merchant/apps': { body: [shop, oldTest] },
    ...routes,
  });

const cardOf = (name: string) => screen.findByRole('article', { name });

/** The text tied to a field for screen readers: its message under it. */
const messageOf = (field: HTMLElement) =>
  document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

async function fillApp(user: UserEvent, dialog: HTMLElement, name: string, uris: string) {
  const nameField = within(dialog).getByLabelText(/^Name/);
  await user.clear(nameField);
  await fill(user, nameField, name);
  const urisField = within(dialog).getByLabelText(/^Redirect URIs/);
  await user.clear(urisField);
  await fill(user, urisField, uris);
}

afterEach(async () => {
  jest.restoreAllMocks();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

describe('/merchant/apps (issue 30 point 2, decision 019)', () => {
  test("each app: its mode, its client ID to copy, redirect URIs, the secret's last four and dates; a revoked app has no actions", async () => {
    stubApps();
    renderApp('/merchant/apps');
    await screen.findByRole('heading', { level: 1, name: 'Apps' });
    expect(screen.getByRole('link', { name: 'Apps' }).getAttribute('aria-current')).toBe('page');
    expect(
      screen.getByRole('link', { name: 'Developer guide to Verify with Tullab' }).getAttribute('href'),
    ).toBe('/docs/connect');

    const card = await cardOf('Online shop');
    within(card).getByText('Live');
    within(card).getByText(shop.id);
    within(card).getByText('https://bloom.example/checkout/tullab');
    within(card).getByText('https://bloom.example/cart/tullab');
    within(card).getByText('…x9Qa');
    within(card).getByText('Secret rotated');
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Copy Client ID' }));
    expect(await navigator.clipboard.readText()).toBe(shop.id);
    await within(card).findByText('Client ID copied');

    const revoked = await cardOf('Old test shop');
    within(revoked).getByText('Test');
    within(revoked).getByText('Revoked', { selector: '.MuiChip-label' });
    expect(within(revoked).queryByRole('button', { name: 'Revoke' })).toBeNull();
    expect(within(revoked).queryByRole('button', { name: 'Rotate secret' })).toBeNull();
    expect(within(revoked).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  test('with no apps yet, the page says what an app is for', async () => {
    stubApps({ 'GET /api/merchant/apps': { body: [] } });
    renderApp('/merchant/apps');
    await screen.findByText(
      /Your brand has no apps yet\. Create one for each shop where students should verify/,
    );
    screen.getByText(/add "Verify with Tullab" to your online checkout/);
  });

  test('creating checks the fields with the contracts’ rules, then shows the secret once; closing forgets it and the list has the new app', async () => {
    const created: BrandAppWithSecret = {
      app: {
        ...shop,
        id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
        name: 'Pop-up shop',
        secretRotatedAt: null,
      },
      clientSecret: SECRET,
    };
    let apps = [shop];
    const { sent } = stubApps({
      'GET /api/merchant/apps': () => ({ body: apps }),
      'POST /api/merchant/apps': () => {
        apps = [created.app, shop];
        return { status: 201, body: created };
      },
    });
    const { store } = renderApp('/merchant/apps');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create an app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an app' });
    await user.selectOptions(within(dialog).getByLabelText(/^Mode/), 'live');
    await fillApp(user, dialog, 'P', 'https://popup.example/return\nhttp://popup.example/return');
    await user.click(within(dialog).getByRole('button', { name: 'Create app' }));
    expect(messageOf(within(dialog).getByLabelText(/^Name/))).toBe(brandAppMessages.name);
    expect(messageOf(within(dialog).getByLabelText(/^Redirect URIs/))).toBe(
      `${brandAppMessages.redirectUri}: http://popup.example/return`,
    );
    expect(sent('POST /api/merchant/apps')).toHaveLength(0);

    await fillApp(
      user,
      dialog,
      'Pop-up shop',
      'https://popup.example/return\n\nhttps://popup.example/return',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create app' }));
    const secret = await screen.findByRole('dialog', { name: 'The client ID and secret of "Pop-up shop"' });
    expect(sent('POST /api/merchant/apps')[0].body).toEqual({
      name: 'Pop-up shop',
      redirectUris: ['https://popup.example/return'],
      mode: 'live',
    });
    within(secret).getByText(/you will not see it again/);
    within(secret).getByText(created.app.id);
    within(secret).getByText(SECRET);
    await user.click(within(secret).getByRole('button', { name: 'Copy Client secret' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await findToast('App Created');
    await waitFor(() => expect(sent('GET /api/merchant/apps')).toHaveLength(2));

    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(JSON.stringify(store.getState())).not.toContain(SECRET);
    // the list was asked for again: the new app is in it, without its secret
    within(await cardOf('Pop-up shop')).getByText('…x9Qa');
  });

  test('rotating the secret asks first (the old one stops at once), then shows the new one once', async () => {
    const { sent } = stubApps({
      [rotateRoute]: { body: { app: { ...shop, secretHint: 'Lw9' }, clientSecret: SECRET } },
    });
    const { store } = renderApp('/merchant/apps');
    const user = userEvent.setup();
    await user.click(within(await cardOf('Online shop')).getByRole('button', { name: 'Rotate secret' }));
    const ask = await screen.findByRole('dialog', { name: 'Rotate the secret of "Online shop"?' });
    within(ask).getByText(/the old one stops working at once/);
    expect(sent(rotateRoute)).toHaveLength(0);

    await user.click(within(ask).getByRole('button', { name: 'Rotate secret' }));
    const secret = await screen.findByRole('dialog', { name: 'The new secret of "Online shop"' });
    within(secret).getByText(SECRET);
    within(secret).getByText(/you will not see it again/);
    expect(sent(rotateRoute)).toHaveLength(1);
    await findToast('The old secret of "Online shop" no longer works.');
    await waitFor(() => expect(sent('GET /api/merchant/apps')).toHaveLength(2));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
    expect(JSON.stringify(store.getState())).not.toContain(SECRET);
  });

  test('revoking asks first and says it cannot be undone; the app then shows as revoked', async () => {
    let revoked = false;
    const { sent } = stubApps({
      'GET /api/merchant/apps': () => ({
        body: [revoked ? { ...shop, status: 'revoked', revokedAt: '2026-11-25T08:00:00.000Z' } : shop],
      }),
      [revokeRoute]: () => {
        revoked = true;
        return { body: { ...shop, status: 'revoked' } };
      },
    });
    renderApp('/merchant/apps');
    const user = userEvent.setup();
    const card = await cardOf('Online shop');
    await user.click(within(card).getByRole('button', { name: 'Revoke' }));
    let ask = await screen.findByRole('dialog', { name: 'Revoke "Online shop"?' });
    within(ask).getByText(/This cannot be undone: checkouts using this app stop working at once/);
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(revokeRoute)).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Revoke' }));
    ask = await screen.findByRole('dialog', { name: 'Revoke "Online shop"?' });
    await user.click(within(ask).getByRole('button', { name: 'Revoke' }));
    await findToast('"Online shop" no longer works. It stays listed as revoked.');
    expect(sent(revokeRoute)).toHaveLength(1);
    await within(await cardOf('Online shop')).findByText('Revoked', { selector: '.MuiChip-label' });
    expect(within(await cardOf('Online shop')).queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  test('an edit sends the name and redirect URIs; a field the server refuses shows its message under it', async () => {
    const route = `PUT /api/merchant/apps/${shop.id}`;
    const { sent } = stubApps({
      [route]: {
        status: 400,
        body: {
          message: brandAppMessages.redirectUri,
          code: 'validation_failed',
          errors: { 'redirectUris.1': brandAppMessages.redirectUri },
        },
      },
    });
    renderApp('/merchant/apps');
    const user = userEvent.setup();
    await user.click(within(await cardOf('Online shop')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit "Online shop"' });
    within(dialog).getByText('A live app: its redirect URIs are https:// addresses only.');
    expect(within(dialog).queryByLabelText(/^Mode/)).toBeNull();
    await fillApp(
      user,
      dialog,
      'Main shop',
      'https://bloom.example/checkout/tullab\nhttps://bloom.example/ünï',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(sent(route)).toHaveLength(1));
    expect(sent(route)[0].body).toEqual({
      name: 'Main shop',
      redirectUris: ['https://bloom.example/checkout/tullab', 'https://bloom.example/ünï'],
    });
    await findToast('App Not Saved');
    const uris = within(dialog).getByLabelText(/^Redirect URIs/);
    await waitFor(() =>
      expect(messageOf(uris)).toBe(`${brandAppMessages.redirectUri}: https://bloom.example/ünï`),
    );
    expect(uris.getAttribute('aria-invalid')).toBe('true');
  });

  test('in Arabic: the list, and the rules of a new app', async () => {
    await i18n.changeLanguage('ar');
    stubApps();
    renderApp('/merchant/apps');
    await screen.findByRole('heading', { level: 1, name: 'التطبيقات' });
    const card = await cardOf('Online shop');
    within(card).getByText('مباشر');
    within(card).getByRole('button', { name: 'نسخ معرّف العميل' });
    within(card).getByRole('button', { name: 'تغيير المفتاح السري' });

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'أنشئ تطبيقًا' }));
    const dialog = await screen.findByRole('dialog', { name: 'أنشئ تطبيقًا' });
    await user.click(within(dialog).getByRole('button', { name: 'إنشاء التطبيق' }));
    const [name, uris] = within(dialog).getAllByRole('textbox');
    expect(messageOf(name)).toBe('اكتب اسمًا للتطبيق من 2 إلى 80 حرفًا');
    expect(messageOf(uris)).toBe('أدخل من 1 إلى 10 من عناوين إعادة التوجيه');
    expect(uris.getAttribute('dir')).toBe('ltr');
  });
});
