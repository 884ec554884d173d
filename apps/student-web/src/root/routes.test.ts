import { matchRoutes } from 'react-router-dom';
import { NOT_FOUND_ROUTE_ID, routes } from './routes';

/** SPEC §2 route table, plus /how-it-works (linked from the mobile menu). Written out here on purpose. */
const SPEC_PATHS = [
  '/',
  '/login',
  '/signup',
  '/create-password',
  '/student-verification',
  '/otp-verification',
  '/document-verification',
  '/dashboard',
  '/for-merchants',
  '/contact-us',
  '/privacy-policy',
  '/terms-of-service',
  '/forgot-password',
  '/how-it-works',
];

/** Issue 13: an offer's own address, the home page with its modal. */
const OFFER_ROUTE = '/offers/:offerId';
/** Issue 30 (decision 019): Verify with Tullab's consent screen; its calls below it are identity's, not pages. */
const CONNECT_ROUTE = '/connect/:uid';

const leafRoute = (path: string) => {
  const matches = matchRoutes(routes, path);
  if (!matches) throw new Error(`no route matches ${path}`);
  return matches[matches.length - 1].route;
};

describe('route table', () => {
  test.each(SPEC_PATHS)('%s is registered as its own page', (path) => {
    const route = leafRoute(path);
    expect(route.path).toBe(path);
    expect(route.id).not.toBe(NOT_FOUND_ROUTE_ID);
    expect(route.element).toBeTruthy();
  });

  test('/offers/<id> is the offer route', () => {
    expect(leafRoute('/offers/0b6c1e9a').path).toBe(OFFER_ROUTE);
  });

  test('/connect/<uid> is the consent screen', () => {
    expect(leafRoute('/connect/Xk3_f-9q').path).toBe(CONNECT_ROUTE);
  });

  // the merchant portal is an app of its own (issue 29): the gateway never sends its pages to this one
  test.each([
    '/nope',
    '/offers',
    '/offers/a/b',
    '/connect',
    '/connect/Xk3_f-9q/details',
    '/login/extra',
    '/dashboard/settings',
    '/admin',
    '/merchant',
  ])('when the path %s is not in the table, then the fallback page answers', (path) => {
    expect(leafRoute(path).id).toBe(NOT_FOUND_ROUTE_ID);
  });

  test('every page sits inside the shared layout', () => {
    for (const path of [...SPEC_PATHS, '/nope']) {
      const matches = matchRoutes(routes, path);
      expect(matches?.[0].route.id).toBe('layout');
    }
  });

  test('the table registers nothing beyond the listed pages and the fallback', () => {
    const registered = routes[0].children?.map((r) => r.path) ?? [];
    expect([...registered].sort()).toEqual([...SPEC_PATHS, OFFER_ROUTE, CONNECT_ROUTE, '*'].sort());
  });
});
