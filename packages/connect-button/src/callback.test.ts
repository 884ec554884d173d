import { isAuthorizationResponse } from './callback';

describe('isAuthorizationResponse', () => {
  test.each([
    'https://shop.example/callback?code=abc&state=xyz',
    'https://shop.example/callback?error=access_denied&state=xyz',
  ])('%s is the callback with Tullab’s answer', (url) => {
    expect(isAuthorizationResponse(new URL(url))).toBe(true);
  });

  test.each([
    'https://shop.example/checkout?verified=1',
    'https://shop.example/checkout?code=SUMMER10',
    'https://shop.example/checkout',
  ])('%s is a page of the brand’s', (url) => {
    expect(isAuthorizationResponse(new URL(url))).toBe(false);
  });
});
