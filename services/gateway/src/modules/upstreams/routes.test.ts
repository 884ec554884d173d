import { accounts, apiRoutes } from '@tullab/contracts';
import { findRoute } from './routes';

describe('findRoute', () => {
  test.each([
    ['auth/login', 'identity', false],
    ['auth/verify-reset-otp', 'identity', false],
    ['auth/user/language', 'identity', false],
    ['students/profile', 'identity', false],
    ['students/change-password', 'identity', false],
    ['admin/students/42', 'identity', false],
    ['admin/staff/7/disable', 'identity', false],
    ['admin/identity-audit-log', 'identity', false],
    ['students/verify', 'verification', false],
    ['students/verify-otp', 'verification', false],
    ['students/verify-document', 'verification', true],
    ['admin/verifications/1/document', 'verification', false],
    ['admin/institutions', 'verification', false],
    ['admin/audit-log', 'verification', false],
    ['offers', 'offers', false],
    ['offers/9/referral-click', 'offers', false],
    ['analytics', 'offers', false],
    ['merchant-applications', 'offers', true],
    ['admin/offers', 'offers', false],
    ['admin/offers/9', 'offers', false],
    ['admin/offers/9/logo', 'offers', true],
    ['admin/merchant-applications/9/approve', 'offers', false],
    ['admin/offer-audit-log', 'offers', false],
    ['admin/redemptions', 'offers', false],
    ['students/me/saved', 'offers', false],
    ['offers/9/save', 'offers', false],
    ['admin/code-reports/9/decision', 'offers', false],
    ['admin/offer-proposals/9/approve', 'offers', false],
    ['offers/9/reports', 'offers', false],
    ['students/me/codes', 'offers', false],
    ['merchant/colleagues', 'identity', false],
    ['merchant/invitations/9/resend', 'identity', false],
    ['merchant/offers', 'offers', false],
    ['merchant/offers/9/pool', 'offers', true],
    ['contact', 'notifications', false],
    ['admin/contact-messages', 'notifications', false],
    ['admin/retention/documents/run', 'verification', false],
    ['admin/retention/orphaned-files', 'verification', false],
    ['admin/retention/mail-bodies', 'notifications', false],
    ['admin/retention/contact-messages/run', 'notifications', false],
    ['admin/retention/webhook-deliveries/run', 'notifications', false],
    ['admin/emails/9/retry', 'notifications', false],
  ])('%s → %s (upload: %s)', (path, service, upload) => {
    expect(findRoute(`/api/${path}`, upload ? 'POST' : 'GET')).toMatchObject({
      service,
      path: `/${path}`,
      upload,
    });
  });

  test('a trailing slash is kept and still routes', () => {
    expect(findRoute('/api/offers/')).toMatchObject({
      service: 'offers',
      pattern: '/offers',
      path: '/offers/',
    });
  });

  test('names the declared path that matched (the bounded route label of metrics) and its parameters', () => {
    expect(findRoute('/api/admin/offers/9')).toMatchObject({
      pattern: '/admin/offers/:id',
      params: { id: '9' },
    });
    expect(findRoute('/api/students/verify-otp', 'POST')?.pattern).toBe('/students/verify-otp');
    expect(findRoute('/api/merchant/offers/9', 'GET')?.pattern).toBe('/merchant/offers/:id');
    expect(findRoute('/api/merchant-applications', 'POST')?.pattern).toBe('/merchant-applications');
  });

  test('knows an upload and a tracking call by their method', () => {
    expect(findRoute('/api/merchant-applications', 'POST')).toMatchObject({ upload: true, tracking: false });
    expect(findRoute('/api/offers/9/copy', 'POST')).toMatchObject({ upload: false, tracking: true });
    expect(findRoute('/api/analytics', 'POST')?.tracking).toBe(true);
    expect(findRoute('/api/offers/9', 'GET')?.tracking).toBe(false);
  });

  test('a literal segment wins over a parameter', () => {
    expect(findRoute('/api/admin/jobs/summary')).toBeNull();
    expect(findRoute('/api/merchant/colleagues', 'GET')?.service).toBe('identity');
  });

  test.each([
    '',
    'students',
    'studentsx/profile',
    'admin',
    'admin/retention',
    'admin/retention/unknown',
    'offers/9/unknown',
    'admin/students/9/unknown',
    'internal/sessions/resolve',
    'healthz',
    'offers/../admin/students',
    'offers/%2e%2E',
    'offers/a%2fb',
    'offers/a%5cb',
    'offers//x',
    'offers/%',
    'offers/%00',
  ])('%s → nothing', (path) => {
    expect(findRoute(`/api/${path}`)).toBeNull();
  });

  test('every route a service declares routes to it, with its method', () => {
    for (const { owner, ...route } of apiRoutes.filter(({ owner }) => owner !== 'gateway')) {
      const path = route.path.slice(1).replace(/:\w+/g, '9');
      expect(findRoute(`/api/${path}`, route.method)).toMatchObject({ service: owner, route });
    }
  });

  test("a match names the group's own declaration, so a caller can tell which route it is", () => {
    expect(findRoute('/api/auth/user', 'GET')?.route).toBe(accounts.routes.currentUser);
    expect(findRoute('/api/auth/user', 'HEAD')?.route).toBeNull();
  });
});
