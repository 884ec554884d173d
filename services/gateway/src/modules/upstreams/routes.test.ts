import { findRoute, routingTable } from './routes';

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
    ['admin/offers', 'offers', true],
    ['admin/offers/9', 'offers', true],
    ['admin/merchant-applications/9/approve', 'offers', false],
    ['admin/offer-audit-log', 'offers', false],
    ['admin/redemptions', 'offers', false],
    ['students/me/saved', 'offers', false],
    ['offers/9/save', 'offers', false],
    ['admin/code-reports/9/decision', 'offers', false],
    ['admin/offer-proposals/9/approve', 'offers', false],
    ['offers/9/reports', 'offers', false],
    ['students/me/codes', 'offers', false],
    ['merchant/colleagues', 'identity', true],
    ['merchant/invitations/9/resend', 'identity', true],
    ['merchant/offers', 'offers', true],
    ['merchant/offers/9/pool', 'offers', true],
    ['contact', 'notifications', false],
    ['admin/contact-messages', 'notifications', false],
    ['admin/retention/documents/run', 'verification', false],
    ['admin/retention/orphaned-files', 'verification', false],
    ['admin/retention/mail-bodies', 'notifications', false],
    ['admin/retention/contact-messages/run', 'notifications', false],
    ['admin/emails/9/retry', 'notifications', false],
  ])('%s → %s (upload: %s)', (path, service, upload) => {
    expect(findRoute(path)).toMatchObject({ service, path: `/${path}`, upload });
  });

  test('a trailing slash is kept and still routes', () => {
    expect(findRoute('offers/')).toEqual({
      service: 'offers',
      pattern: 'offers',
      path: '/offers/',
      upload: false,
    });
  });

  test('names the pattern that matched (the bounded route label of metrics)', () => {
    expect(findRoute('admin/offers/9')?.pattern).toBe('admin/offers');
    expect(findRoute('students/verify-otp')?.pattern).toBe('students/verify*');
    // decision 016: the colleagues are identity's, whatever else the merchant area holds (first match wins)
    expect(findRoute('merchant/colleagues')?.pattern).toBe('merchant/colleagues');
    expect(findRoute('merchant/invitations')?.pattern).toBe('merchant/invitations');
    expect(findRoute('merchant/offers/9')?.pattern).toBe('merchant');
    expect(findRoute('merchant-applications')?.pattern).toBe('merchant-applications');
  });

  test.each([
    '',
    'students',
    'studentsx/profile',
    'admin',
    'admin/retention',
    'admin/retention/unknown',
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
    expect(findRoute(path)).toBeNull();
  });

  test('every table entry routes its own path', () => {
    for (const { pattern, service } of routingTable) {
      expect(findRoute(pattern.replace('*', ''))?.service).toBe(service);
    }
  });
});
