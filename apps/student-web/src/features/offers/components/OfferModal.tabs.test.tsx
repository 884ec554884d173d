import { act, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import type { StubReply } from '@tullab/web-kit/testing/stub-api';
import { makeOffer } from '../testing/offer-factory';
import { DETAILS_FAILED } from './OfferModal';
import { cleanUpAfterEach, details, discountOffer, openModal, verified } from './OfferModal.fixture';

cleanUpAfterEach();

describe('offer modal, tabs and closing', () => {
  test("Guide shows the default four steps and T&C's the default terms when the offer has none", async () => {
    const { user } = openModal(discountOffer, null);
    await user.click(screen.getByRole('tab', { name: 'Guide' }));
    expect(await within(details()).findAllByRole('listitem')).toHaveLength(4);
    await user.click(screen.getByRole('tab', { name: "T&C's" }));
    within(details()).getByText(/verified students with a UAE educational e-mail address/);
    within(details()).getByText('One code per student account.');
    within(details()).getByText(/18 years or older/);
  });

  test("the offer's own guide keeps its step numbers and its own terms are shown as written", async () => {
    const offer = makeOffer({
      discountRedemptionGuide: [
        { step: 1, instruction: 'Show your student card' },
        { step: 3, instruction: 'Pay at the till' },
      ],
      termsAndConditions: 'In store only.\nNot on sale items.',
    });
    const { user } = openModal(offer, null);
    await user.click(screen.getByRole('tab', { name: 'Guide' }));
    const steps = await within(details()).findAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual(['1Show your student card', '3Pay at the till']);
    await user.click(screen.getByRole('tab', { name: "T&C's" }));
    within(details()).getByText(/In store only\./);
  });

  test("the catalogue's fields show at once; the guide, the terms and the website wait for the offer's texts", async () => {
    const offer = makeOffer({
      id: 'slow1',
      title: 'Half price smoothies',
      brandName: 'Juice Lab',
      websiteLink: 'https://juicelab.example',
      termsAndConditions: 'One per visit.',
    });
    let answer: (reply: StubReply) => void = () => undefined;
    const { user } = openModal(offer, null, {
      'GET /api/offers/slow1': () => new Promise<StubReply>((resolve) => (answer = resolve)),
    });
    within(details()).getByText('Half price smoothies');
    expect(within(details()).queryByRole('link', { name: /Juice Lab website/ })).toBeNull();
    await user.click(screen.getByRole('tab', { name: "T&C's" }));
    within(details()).getByRole('progressbar', { name: "Loading the offer's details" });
    act(() => answer({ body: offer }));
    await within(details()).findByText('One per visit.');
    await user.click(screen.getByRole('tab', { name: 'Details' }));
    within(details()).getByRole('link', { name: /Juice Lab website/ });
  });

  test('texts that cannot be loaded: a message and a retry that loads them', async () => {
    let calls = 0;
    const { user } = openModal(discountOffer, null, {
      [`GET /api/offers/${discountOffer.id}`]: () =>
        ++calls === 1 ? { status: 503, body: { message: 'Unavailable' } } : { body: discountOffer },
    });
    await user.click(screen.getByRole('tab', { name: 'Guide' }));
    await within(details()).findByText(DETAILS_FAILED);
    await user.click(within(details()).getByRole('button', { name: 'Try again' }));
    expect(await within(details()).findAllByRole('listitem')).toHaveLength(4);
  });

  test('tabs work with the arrow keys, and Close and Escape close the modal', async () => {
    const { user, onClose } = openModal(discountOffer, null);
    act(() => screen.getByRole('tab', { name: 'Details' }).focus());
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Guide' }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('tab', { name: 'Guide' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('offer modal in Arabic (issue 12)', () => {
  test('a visitor reads the sign-in state, the default guide and terms in Arabic', async () => {
    await i18n.changeLanguage('ar');
    const { user } = openModal(discountOffer, null);
    await screen.findByText('سجّل الدخول بحساب الطالب');
    screen.getByRole('link', { name: 'سجّل الدخول للمتابعة' });
    expect(within(details()).getByText('15%').parentElement?.textContent).toBe('15% خصم');
    await user.click(screen.getByRole('tab', { name: 'طريقة الاستخدام' }));
    const steps = await within(details()).findAllByRole('listitem');
    expect(steps[0].textContent).toBe('1سجّل الدخول إلى حسابك في Tullab وأكمل التحقق من صفة الطالب.');
    await user.click(screen.getByRole('tab', { name: 'الشروط والأحكام' }));
    within(details()).getByText('كود واحد لكل حساب طالب.');
    screen.getByRole('button', { name: 'إغلاق' });
  });

  test('a link shared from the Arabic page opens in Arabic (lang=ar), with the toast in Arabic', async () => {
    await i18n.changeLanguage('ar');
    const { user } = openModal(discountOffer, null);
    await user.click(await screen.findByRole('button', { name: 'شارك هذا العرض' }));
    await screen.findByText('تم نسخ الرابط!');
    screen.getByText('تم نسخ رابط المشاركة إلى الحافظة.');
    expect(await navigator.clipboard.readText()).toBe('http://localhost/?offer=b3c1&lang=ar');
  });

  test('a failed redemption is told in Arabic', async () => {
    await i18n.changeLanguage('ar');
    const { user } = openModal(discountOffer, verified(), {
      'POST /api/offers/b3c1/redeem': { status: 500, body: { message: 'Internal error' } },
    });
    await user.click(await screen.findByRole('button', { name: 'احصل على كود الخصم' }));
    await screen.findByText('تعذّر الحصول على الكود');
    screen.getByText('تعذّر الحصول على العرض. يرجى المحاولة مرة أخرى.');
  });
});
