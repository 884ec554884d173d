/**
 * Every route of SPEC §2, by name, and an offer's address (issue 13). Components link through these; `routes.tsx`
 * registers them; the build writes them as `routes.json`, the pages the gateway answers (`:name` stands for any one
 * path segment).
 */
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
  /** an offer's own address (issue 13): the home page with the offer's modal open, as `/?offer=<id>` opens it */
  offer: '/offers/:offerId',
  /**
   * Verify with Tullab's consent screen (decision 019): where the provider sends a brand's checkout, at
   * `CONNECT_PATHS.interaction`/<interaction uid>; its calls are below it (`…/details`, `…/decision`)
   */
  connect: '/connect/:uid',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The address of an offer's own page (`/offers/<id>`), whose link previews show the offer. */
export const offerPath = (offerId: string) => paths.offer.replace(':offerId', encodeURIComponent(offerId));

/** The address of the consent screen of one interaction (`/connect/<uid>`). */
export const connectPath = (uid: string) => paths.connect.replace(':uid', encodeURIComponent(uid));

/** The offers section on the home page (SPEC §2: anchor id `discounts`). */
export const DISCOUNTS_ANCHOR = 'discounts';

/** Where the header's and footer's Discounts links go, from any page. */
export const discountsLocation = { pathname: paths.home, hash: `#${DISCOUNTS_ANCHOR}` } as const;
