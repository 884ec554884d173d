import { detailsStateOf } from './details-state';

const discount = { offerType: 'discount' };
const referral = { offerType: 'referral' };
const auth = (fields: Partial<Parameters<typeof detailsStateOf>[0]>) => ({
  isLoading: false,
  isAuthenticated: true,
  isStudent: true,
  isVerified: true,
  ...fields,
});

describe('detailsStateOf (SPEC §4 "Modal Details state", first match wins)', () => {
  test('1: while auth is loading, nothing else counts', () => {
    expect(detailsStateOf(auth({ isLoading: true, isAuthenticated: false }), discount, null)).toBe('loading');
  });

  test('2: a visitor must sign in', () => {
    expect(detailsStateOf(auth({ isAuthenticated: false, isVerified: false }), discount, null)).toBe(
      'sign-in',
    );
  });

  test('3: a student who is not verified must verify', () => {
    expect(detailsStateOf(auth({ isVerified: false }), discount, null)).toBe('verify');
  });

  test('4: a verified student redeems a discount or gets a referral link', () => {
    expect(detailsStateOf(auth({}), discount, null)).toBe('redeem');
    expect(detailsStateOf(auth({}), referral, null)).toBe('referral');
  });

  test('a user of another role is not asked to verify (the server decides)', () => {
    expect(detailsStateOf(auth({ isStudent: false, isVerified: false }), discount, null)).toBe('redeem');
  });

  test("the server's refusal wins over what the client believed", () => {
    expect(detailsStateOf(auth({}), discount, 'sign-in')).toBe('sign-in');
    expect(detailsStateOf(auth({}), referral, 'verify')).toBe('verify');
  });
});
