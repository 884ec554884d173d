import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { stubApi, studentUser } from '@tullab/web-kit/testing/stub-api';
import { renderWithProviders } from '../../testing/render';
import { SupportContactForm } from './SupportContactForm';
import { fill } from '@tullab/web-kit/testing/fill';

afterEach(() => jest.restoreAllMocks());

describe('the support form in Arabic (issue 12)', () => {
  test('its heading, messages and failure line are in Arabic; the e-mail stays left to right', async () => {
    await i18n.changeLanguage('ar');
    stubApi({
      'GET /api/auth/user': { body: { user: studentUser('pending') } },
      'POST /api/contact': { status: 429, body: { message: 'Too many messages. Please try again later.' } },
    });
    renderWithProviders(<SupportContactForm />);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'راسل فريق الدعم' });
    expect(screen.getByLabelText(/^البريد الإلكتروني/).getAttribute('dir')).toBe('ltr');
    await fill(user, screen.getByLabelText(/^الرسالة/), 'قصيرة');
    await user.click(screen.getByRole('button', { name: 'إرسال الرسالة' }));
    await screen.findByText('يجب أن تتكوّن الرسالة من 10 أحرف على الأقل');

    await fill(user, screen.getByLabelText(/^الرسالة/), ' جدًا، أدرس في كلية جديدة في الشارقة.');
    await user.click(screen.getByRole('button', { name: 'إرسال الرسالة' }));
    await screen.findByText('تعذّر إرسال الرسالة: Too many messages. Please try again later.');
  });
});
