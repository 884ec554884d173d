/**
 * The pages one app links to in another (issue 29). The student app shows every page of the site but the merchant
 * portal's, `/merchant/…`, which is an app of its own: a link across that border loads the other app as a new page.
 */
export const sitePaths = {
  home: '/',
  login: '/login',
  forgotPassword: '/forgot-password',
  /** the public page where brands apply (SPEC §2 /for-merchants) */
  forBrands: '/for-merchants',
  /** the merchant portal (issue 16, decision 016) */
  merchantPortal: '/merchant',
} as const;

/** Whether `pathname` is a page of the merchant portal. */
export const isMerchantPortalPath = (pathname: string): boolean =>
  pathname === sitePaths.merchantPortal || pathname.startsWith(`${sitePaths.merchantPortal}/`);

/** The student app's pages: all but the portal's. */
export const isStudentAppPath = (pathname: string): boolean => !isMerchantPortalPath(pathname);
