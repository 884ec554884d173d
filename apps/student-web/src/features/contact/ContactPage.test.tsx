import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { findToast } from '@tullab/web-kit/testing/find-toast';
import { stubApi, type StubRoute } from '@tullab/web-kit/testing/stub-api';
import { renderApp } from '../../testing/render';
import { fill } from '@tullab/web-kit/testing/fill';

afterEach(() => jest.restoreAllMocks());

const input = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);

async function send(routes: Record<string, StubRoute>, values: Record<string, string>) {
  const api = stubApi(routes);
  renderApp('/contact-us');
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
  for (const [label, value] of Object.entries(values))
    if (value) await fill(user, input(new RegExp(`^${label}`)), value);
  await user.click(screen.getByRole('button', { name: 'Send now' }));
  return api;
}

const message = {
  'First Name': 'Sara',
  'Last Name': 'Al Mansoori',
  Email: 'sara@example.com',
  Message: 'Which offers work for Abu Dhabi campuses?',
};

describe('/contact-us', () => {
  test('shows the contact e-mail, the Dubai office, and a 5-row message box', async () => {
    stubApi();
    renderApp('/contact-us');
    const main = within(await screen.findByRole('main'));
    await main.findByRole('heading', { level: 1, name: 'Contact Us' });
    expect(main.getByRole('link', { name: 'support@tullab.ae' }).getAttribute('href')).toBe(
      'mailto:support@tullab.ae',
    );
    main.getByText('Dubai Silicon Oasis');
    expect(input(/^Message/).getAttribute('rows')).toBe('5');
  });

  test('each SPEC §5 message, and nothing is sent', async () => {
    const { sent } = await send({}, { Email: 'sara@', Message: 'Too short' });
    await screen.findByText('First name is required');
    screen.getByText('Last name is required');
    screen.getByText('Please enter a valid email address');
    screen.getByText('Message must be at least 10 characters');
    expect(sent('POST /api/contact')).toHaveLength(0);
  });

  test('a sent message: "Message Sent!", the payload, and an empty form again', async () => {
    const { sent } = await send(
      { 'POST /api/contact': { status: 201, body: { message: 'Message sent' } } },
      message,
    );
    await findToast('Message Sent!');
    screen.getByText("Thank you for contacting us. We'll get back to you soon.");
    expect(sent('POST /api/contact')[0].body).toEqual({
      firstName: 'Sara',
      lastName: 'Al Mansoori',
      email: 'sara@example.com',
      message: 'Which offers work for Abu Dhabi campuses?',
    });
    await waitFor(() => expect(input(/^Message/).value).toBe(''));
    expect(input(/^First Name/).value).toBe('');
    expect(screen.queryByText('First name is required')).toBeNull();
  });

  test('"Sending message..." on the disabled button while it goes', async () => {
    await send({ 'POST /api/contact': () => new Promise(() => undefined) }, message);
    expect(
      (await screen.findByRole<HTMLButtonElement>('button', { name: 'Sending message...' })).disabled,
    ).toBe(true);
  });

  test.each([
    [{ status: 429, body: { message: 'Too many messages. Please try again later.' } }],
    ['network-error' as const],
  ])('a failure (%j): "Message Failed" and the message stays', async (reply) => {
    await send({ 'POST /api/contact': reply }, message);
    await findToast('Message Failed');
    screen.getByText('Failed to send message. Please try again later.');
    expect(input(/^Message/).value).toBe(message.Message);
  });

  test("the server's field message shows under the field", async () => {
    await send(
      {
        'POST /api/contact': {
          status: 400,
          body: {
            message: 'First name must be at least 2 characters',
            errors: { firstName: 'First name must be at least 2 characters' },
          },
        },
      },
      { ...message, 'First Name': 'S' },
    );
    await findToast('Message Failed');
    screen.getByText('First name must be at least 2 characters');
  });
});

describe('/contact-us in Arabic (issue 12)', () => {
  test('the page and its messages are in Arabic; the e-mail field stays left to right', async () => {
    await i18n.changeLanguage('ar');
    const { sent } = stubApi({ 'POST /api/contact': { status: 201, body: { message: 'Message sent' } } });
    renderApp('/contact-us');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'تواصل معنا' });
    screen.getByRole('heading', { level: 2, name: 'أرسل لنا رسالة' });
    expect(input(/^البريد الإلكتروني/).getAttribute('dir')).toBe('ltr');
    await fill(user, input(/^البريد الإلكتروني/), 'sara@');
    await user.click(screen.getByRole('button', { name: 'أرسل الآن' }));
    await screen.findByText('الاسم الأول مطلوب');
    screen.getByText('أدخل بريدًا إلكترونيًا صحيحًا');
    screen.getByText('يجب أن تتكوّن الرسالة من 10 أحرف على الأقل');
    expect(sent('POST /api/contact')).toHaveLength(0);

    await fill(user, input(/^الاسم الأول/), 'سارة');
    await fill(user, input(/^اسم العائلة/), 'المنصوري');
    await fill(user, input(/^البريد الإلكتروني/), 'example.com');
    await fill(user, input(/^الرسالة/), 'ما العروض المتاحة لطلاب أبوظبي؟');
    await user.click(screen.getByRole('button', { name: 'أرسل الآن' }));
    await findToast('تم إرسال رسالتك!');
  });
});
