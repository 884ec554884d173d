import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  BrandAppAnswer,
  WebhookDeliveryAnswer,
  WebhookEndpointAnswer,
  WebhookWithSecret,
} from '@tullab/contracts';
import { fill } from '@tullab/web-kit/testing/fill';
import { findToast } from '@tullab/web-kit/testing/find-toast';
import { stubApi, studentUser, type StubRoute } from '@tullab/web-kit/testing/stub-api';
import i18n from 'i18next';
import { renderApp } from '../../../../testing/render';

const merchant = studentUser('none', { role: 'merchant' });
const shop: BrandAppAnswer = {
  id: '3f0c9a4e-8d1b-4c7a-9e2f-5b6d7a8c9e01',
  name: 'Online shop',
  redirectUris: ['https://bloom.example/checkout/tullab'],
  mode: 'live',
  status: 'active',
  secretHint: 'x9Qa',
  createdAt: '2026-11-02T08:00:00.000Z',
  secretRotatedAt: null,
  revokedAt: null,
};
const hook: WebhookEndpointAnswer = {
  appId: shop.id,
  url: 'https://bloom.example/webhooks/tullab',
  events: ['student.verified', 'redemption.created'],
  secretHint: 'Ab3=',
  createdAt: '2026-11-03T08:00:00.000Z',
  updatedAt: '2026-11-03T08:00:00.000Z',
  secretRotatedAt: null,
};
const failed: WebhookDeliveryAnswer = {
  id: 'msg_0f1e2d3c4b5a69788796a5b4c3d2e1f0',
  type: 'student.verified',
  status: 'failed',
  attempts: 8,
  lastStatus: 503,
  lastError: 'HTTP 503',
  nextAttemptAt: null,
  deliveredAt: null,
  createdAt: '2026-11-04T09:00:00.000Z',
  log: [],
};
const SIGNING_SECRET = 'whsec_c2lnbmluZy1zZWNyZXQtc2hvd24tb25jZS0zMi1ieXRlcw==';
const base = `/api/merchant/apps/${shop.id}/webhook`;

const stubWebhooks = (routes: Record<string, StubRoute> = {}) =>
  stubApi({
    'GET /api/auth/user': { body: { user: merchant } },
    'GET /api/merchant/brand': { body: { id: 'b1', name: 'Desert Bloom', contactEmail: 'layla@bloom.ae' } },
    'GET /api/merchant/apps': { body: [shop] },
    ...routes,
  });

async function openWebhook() {
  const user = userEvent.setup();
  const card = await screen.findByRole('article', { name: 'Online shop' });
  await user.click(within(card).getByRole('button', { name: 'Webhook' }));
  const dialog = await screen.findByRole('dialog', { name: 'Webhook of "Online shop"' });
  return { user, dialog };
}

const urlField = (dialog: HTMLElement) => within(dialog).getByRole('textbox');

const messageOf = (field: HTMLElement) =>
  document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

afterEach(async () => {
  jest.restoreAllMocks();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

describe("an app's webhook (issue 30 point 5)", () => {
  test('a new webhook: the URL and events are checked with the contracts’ rules, then its signing secret is shown once; closing it goes back to the webhook', async () => {
    const made: WebhookWithSecret = {
      webhook: { ...hook, events: ['redemption.created'] },
      secret: SIGNING_SECRET,
    };
    let current: WebhookEndpointAnswer | null = null;
    const { sent } = stubWebhooks({
      [`GET ${base}`]: () =>
        current ? { body: current } : { status: 404, body: { message: 'This app has no webhook' } },
      [`PUT ${base}`]: () => {
        current = made.webhook;
        return { body: made };
      },
      [`GET ${base}/deliveries`]: { body: [] },
    });
    const { store } = renderApp('/merchant/apps');
    const { user, dialog } = await openWebhook();
    within(dialog).getByText(/signed with its secret as the Standard Webhooks specification says/);
    // every event is chosen for a new webhook, each with what it tells
    const verified = await within(dialog).findByRole('checkbox', {
      name: /student\.verified.*a student verified at your checkout, and until when/,
    });
    expect((verified as HTMLInputElement).checked).toBe(true);
    within(dialog).getByRole('checkbox', { name: /verification\.expired.*a student who verified/ });

    await user.click(within(dialog).getByRole('button', { name: 'Create webhook' }));
    expect(messageOf(urlField(dialog))).toBe(
      'The webhook URL is a full https:// address (http:// for a test app)',
    );
    for (const box of within(dialog).getAllByRole('checkbox')) await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Create webhook' }));
    within(dialog).getByText('Choose at least one event');
    expect(sent(`PUT ${base}`)).toHaveLength(0);

    await fill(user, urlField(dialog), 'https://bloom.example/webhooks/tullab');
    await user.click(within(dialog).getByRole('checkbox', { name: /redemption\.created/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create webhook' }));
    const secret = await screen.findByRole('dialog', {
      name: 'The signing secret of the webhook of "Online shop"',
    });
    expect(sent(`PUT ${base}`)[0].body).toEqual({
      url: 'https://bloom.example/webhooks/tullab',
      events: ['redemption.created'],
    });
    within(secret).getByText(SIGNING_SECRET);
    within(secret).getByText(/you will not see it again/);
    await findToast('Webhook Saved');

    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    const again = await screen.findByRole('dialog', { name: 'Webhook of "Online shop"' });
    expect(screen.queryByText(SIGNING_SECRET)).toBeNull();
    expect(JSON.stringify(store.getState())).not.toContain(SIGNING_SECRET);
    await within(again).findByText('Signing secret ends in');
    within(again).getByText('Nothing was sent yet. Deliveries show here as events happen.');
  });

  test('a webhook shows its deliveries (type, status, tries, last HTTP status, time); a resend is sent at once with the same delivery', async () => {
    let deliveries = [failed];
    const resendRoute = `POST ${base}/deliveries/${failed.id}/resend`;
    const { sent } = stubWebhooks({
      [`GET ${base}`]: { body: hook },
      [`GET ${base}/deliveries`]: () => ({ body: deliveries }),
      [resendRoute]: () => {
        deliveries = [{ ...failed, status: 'delivered', attempts: 9, lastStatus: 200, lastError: null }];
        return { status: 202, body: { ...failed, status: 'pending' } };
      },
    });
    renderApp('/merchant/apps');
    const { user, dialog } = await openWebhook();
    expect((await within(dialog).findByRole<HTMLInputElement>('textbox')).value).toBe(hook.url);
    expect(
      within(dialog).getByRole<HTMLInputElement>('checkbox', { name: /verification\.expired/ }).checked,
    ).toBe(false);
    const table = await within(dialog).findByRole('table', { name: 'Deliveries' });
    const [, row] = within(table).getAllByRole('row');
    within(row).getByText('student.verified');
    within(row).getByText('Failed');
    within(row).getByText('8');
    within(row).getByText('503');

    await user.click(within(row).getByRole('button', { name: `Resend student.verified ${failed.id}` }));
    await findToast('It is sent again now, with the same webhook-id.');
    expect(sent(resendRoute)).toHaveLength(1);
    await within(table).findByText('Delivered');
    within(table).getByText('200');
  });

  test('rotating the signing secret and removing the webhook each ask first', async () => {
    let current: WebhookEndpointAnswer | null = hook;
    const { sent } = stubWebhooks({
      [`GET ${base}`]: () =>
        current ? { body: current } : { status: 404, body: { message: 'This app has no webhook' } },
      [`GET ${base}/deliveries`]: { body: [] },
      [`POST ${base}/rotate-secret`]: {
        body: { webhook: { ...hook, secretHint: 'Zz9=' }, secret: SIGNING_SECRET },
      },
      [`DELETE ${base}`]: () => {
        current = null;
        return { status: 204 };
      },
    });
    renderApp('/merchant/apps');
    const { user, dialog } = await openWebhook();
    await user.click(await within(dialog).findByRole('button', { name: 'Rotate signing secret' }));
    const ask = await screen.findByRole('dialog', {
      name: 'Rotate the signing secret of the webhook of "Online shop"?',
    });
    expect(sent(`POST ${base}/rotate-secret`)).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'Rotate signing secret' }));
    const secret = await screen.findByRole('dialog', {
      name: 'The signing secret of the webhook of "Online shop"',
    });
    within(secret).getByText(SIGNING_SECRET);
    await user.click(within(secret).getByRole('button', { name: 'Done' }));

    const back = await screen.findByRole('dialog', { name: 'Webhook of "Online shop"' });
    await user.click(await within(back).findByRole('button', { name: 'Remove webhook' }));
    const remove = await screen.findByRole('dialog', { name: 'Remove the webhook of "Online shop"?' });
    within(remove).getByText(/Nothing more is sent to it/);
    await user.click(within(remove).getByRole('button', { name: 'Remove webhook' }));
    await findToast('Nothing more is sent for "Online shop".');
    expect(sent(`DELETE ${base}`)).toHaveLength(1);
    await within(back).findByRole('button', { name: 'Create webhook' });
    await waitFor(() => expect(within(back).queryByText('Signing secret ends in')).toBeNull());
  });

  test('in Arabic: the dialog, the events and a refused field', async () => {
    await i18n.changeLanguage('ar');
    stubWebhooks({
      [`GET ${base}`]: { status: 404, body: { message: 'This app has no webhook' } },
    });
    renderApp('/merchant/apps');
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Online shop' });
    await user.click(within(card).getByRole('button', { name: 'Webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Webhook التطبيق «Online shop»' });
    await within(dialog).findByRole('checkbox', { name: /تحقّق طالب في صفحة الدفع لديك/ });
    await user.click(within(dialog).getByRole('button', { name: 'أنشئ الـWebhook' }));
    expect(messageOf(urlField(dialog))).toBe(
      'عنوان الـWebhook عنوان كامل يبدأ بـ https://‏ (أو http://‏ لتطبيق تجريبي)',
    );
  });
});
