import { act, renderHook, waitFor } from '@testing-library/react';
import { createInstance, type i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { makeStore } from '@tullab/web-kit/store';
import { stubApi } from '@tullab/web-kit/testing/stub-api';
import { useGetOfferQuery, useGetOffersQuery } from './api';
import { normalizeSummary } from './offer';

afterEach(() => jest.restoreAllMocks());

/** What the offers service answers (issue 12): the English texts, and the Arabic ones or null beside them. */
const bilingual = {
  id: 'b1',
  title: '15% off skincare',
  titleAr: 'خصم ١٥٪ على العناية بالبشرة',
  brandName: 'Desert Bloom',
  description: 'Natural skincare',
  descriptionAr: null,
  discountRedemptionGuide: [{ step: 1, instruction: 'Copy the code' }],
  discountRedemptionGuideAr: [{ step: 1, instruction: 'انسخ الرمز' }],
  termsAndConditions: 'Students only',
  termsAndConditionsAr: null,
};
const englishOnly = { ...bilingual, id: 'e1', title: 'Free shipping', titleAr: null };

async function languageSetTo(language: string): Promise<I18n> {
  const i18n = createInstance();
  await i18n.init({ lng: language, resources: {}, initAsync: false });
  return i18n;
}

function wrapperWith(i18n: I18n) {
  const store = makeStore();
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
      </Provider>
    );
  };
}

describe('the offers the components receive are in the language the app shows (issue 12)', () => {
  test('the catalogue: English as the server sent it; in Arabic, Arabic texts where there are any', async () => {
    stubApi({ 'GET /api/offers': { body: [bilingual, englishOnly] } });
    const i18n = await languageSetTo('en');
    const { result } = renderHook(() => useGetOffersQuery(), { wrapper: wrapperWith(i18n) });
    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(result.current.data).toEqual([normalizeSummary(bilingual), normalizeSummary(englishOnly)]);

    await act(() => i18n.changeLanguage('ar'));
    expect(result.current.data?.map((offer) => [offer.title, offer.description])).toEqual([
      ['خصم ١٥٪ على العناية بالبشرة', 'Natural skincare'],
      ['Free shipping', 'Natural skincare'],
    ]);
    expect(result.current.isSuccess).toBe(true);

    await act(() => i18n.changeLanguage('en'));
    expect(result.current.data?.[0].title).toBe('15% off skincare');
  });

  test('an opened offer: its Arabic guide, and the English terms it has no Arabic for', async () => {
    stubApi({ 'GET /api/offers/b1': { body: bilingual } });
    const i18n = await languageSetTo('ar');
    const { result } = renderHook(() => useGetOfferQuery('b1'), { wrapper: wrapperWith(i18n) });
    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(result.current.data).toMatchObject({
      title: 'خصم ١٥٪ على العناية بالبشرة',
      discountRedemptionGuide: [{ step: 1, instruction: 'انسخ الرمز' }],
      termsAndConditions: 'Students only',
    });
    expect(result.current.currentData).toBe(result.current.data);
  });
});
