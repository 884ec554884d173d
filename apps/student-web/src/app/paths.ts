/** Every route of SPEC §2, by name. Components link through these; `routes.tsx` registers them. */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  createPassword: '/create-password',
  studentVerification: '/student-verification',
  otpVerification: '/otp-verification',
  documentVerification: '/document-verification',
  dashboard: '/dashboard',
  forMerchants: '/for-merchants',
  contactUs: '/contact-us',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  forgotPassword: '/forgot-password',
  howItWorks: '/how-it-works',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The offers section on the home page (SPEC §2: anchor id `discounts`). */
export const DISCOUNTS_ANCHOR = 'discounts';

/** Where the header's and footer's Discounts links go, from any page. */
export const discountsLocation = { pathname: paths.home, hash: `#${DISCOUNTS_ANCHOR}` } as const;
