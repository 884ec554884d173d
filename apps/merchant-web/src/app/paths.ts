/**
 * The merchant portal's pages (issue 16, decision 016), by name: a brand's own pages, for its merchant accounts only.
 * Components link through these; `root/routes.tsx` registers them; the build writes them as `routes.json`, the pages
 * the gateway answers (`:name` stands for any one path segment). Links to the student app's pages are `sitePaths`.
 */
export const paths = {
  merchant: '/merchant',
  merchantSignIn: '/merchant/sign-in',
  merchantAcceptInvitation: '/merchant/accept-invitation',
  merchantOffer: '/merchant/offers/:offerId',
  merchantReports: '/merchant/reports',
  merchantProposals: '/merchant/proposals',
  merchantTeam: '/merchant/team',
  merchantApps: '/merchant/apps',
} as const;
