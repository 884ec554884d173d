import { matchRoutes } from 'react-router-dom';
import { paths } from '../app/paths';
import { NOT_FOUND_ROUTE_ID, routes } from './routes';

/** Issue 16: the merchant portal's pages. Written out here on purpose. */
const PORTAL_PAGES = [
  '/merchant',
  '/merchant/sign-in',
  '/merchant/accept-invitation',
  '/merchant/offers/0b6c1e9a',
  '/merchant/reports',
  '/merchant/proposals',
  '/merchant/team',
  '/merchant/apps',
];

const leafRoute = (path: string) => {
  const matches = matchRoutes(routes, path);
  if (!matches) throw new Error(`no route matches ${path}`);
  return matches[matches.length - 1].route;
};

describe('the portal’s route table', () => {
  test.each(PORTAL_PAGES)('the page %s is a page of the portal, inside its layout', (path) => {
    expect(matchRoutes(routes, path)?.[0].route.id).toBe('layout');
    expect(leafRoute(path).id).not.toBe(NOT_FOUND_ROUTE_ID);
  });

  test.each(['/merchant/nope', '/merchant/offers', '/merchant/team/extra', '/'])(
    'the portal answers %s with the not-found page',
    (path) => {
      expect(leafRoute(path).id).toBe(NOT_FOUND_ROUTE_ID);
    },
  );

  test('every page of `paths` (what the gateway serves) is in the portal', () => {
    const portal = Object.values(paths);
    expect(portal).toHaveLength(PORTAL_PAGES.length);
    for (const path of portal) expect(leafRoute(path).id).not.toBe(NOT_FOUND_ROUTE_ID);
  });
});
