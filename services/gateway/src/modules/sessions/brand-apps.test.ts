import { brandAppCredentials } from './brand-apps';

const APP = '0f4b6c1e-2d3a-4b5c-8d9e-0a1b2c3d4e5f';
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe("a brand's server's credentials (issue 30)", () => {
  test('HTTP Basic with the app id and secret, each form-encoded as OAuth sends them', () => {
    expect(brandAppCredentials(basic(APP, 'tls_s3cret'))).toEqual({ clientId: APP, secret: 'tls_s3cret' });
    expect(brandAppCredentials(basic(APP, 'a%3Ab%2Bc'))).toEqual({ clientId: APP, secret: 'a:b+c' });
    expect(brandAppCredentials(`basic ${basic(APP, 'x').slice(6)}`)).toEqual({ clientId: APP, secret: 'x' });
  });

  test('anything identity would not look up is no credentials, without a call', () => {
    for (const header of [
      undefined,
      '',
      `Bearer ${APP}`,
      basic('not-an-app', 'secret'),
      basic(APP, ''),
      `Basic ${Buffer.from(APP).toString('base64')}`,
      basic(APP, '%E0%A4%A'),
      basic(APP, 'x'.repeat(201)),
      'Basic !!!',
    ])
      expect(brandAppCredentials(header)).toBeNull();
  });
});
