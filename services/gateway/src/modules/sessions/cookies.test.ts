import { cookiePolicy, mergeSetCookies, parseCookieRequests, readCookie, serializeCookie } from './cookies';

describe('cookiePolicy', () => {
  test('https → __Host- names and Secure; http → bare names', () => {
    expect(cookiePolicy('https://tullab.ae')).toEqual({
      secure: true,
      names: { sid: '__Host-sid', pwreset: '__Host-pwreset', mfa: '__Host-mfa' },
    });
    expect(cookiePolicy('http://localhost:8080')).toEqual({
      secure: false,
      names: { sid: 'sid', pwreset: 'pwreset', mfa: 'mfa' },
    });
  });
});

describe('readCookie', () => {
  test('finds the first well-formed value by exact name', () => {
    expect(readCookie('a=1; sid=tok_-1; sid=second', 'sid')).toBe('tok_-1');
    expect(readCookie('xsid=1; sidx=2', 'sid')).toBeUndefined();
    expect(readCookie('__Host-sid=abc', 'sid')).toBeUndefined();
    expect(readCookie('sid="abc"', 'sid')).toBe('abc');
    expect(readCookie('sid=a b', 'sid')).toBeUndefined();
    expect(readCookie('sid=', 'sid')).toBeUndefined();
    expect(readCookie(undefined, 'sid')).toBeUndefined();
  });
});

describe('serializeCookie', () => {
  const http = cookiePolicy('http://localhost:8080');
  const https = cookiePolicy('https://tullab.ae');

  test('sid: Lax, Max-Age as asked, Secure only on https', () => {
    expect(serializeCookie(http, 'sid', 't', 3600)).toBe(
      'sid=t; Max-Age=3600; Path=/; HttpOnly; SameSite=Lax',
    );
    expect(serializeCookie(https, 'sid', 't', 3600)).toBe(
      '__Host-sid=t; Max-Age=3600; Path=/; HttpOnly; SameSite=Lax; Secure',
    );
  });

  test('pwreset: Strict and at most 600 s', () => {
    expect(serializeCookie(http, 'pwreset', 'r', 9999)).toBe(
      'pwreset=r; Max-Age=600; Path=/; HttpOnly; SameSite=Strict',
    );
    expect(serializeCookie(http, 'pwreset', 'r')).toBe(
      'pwreset=r; Max-Age=600; Path=/; HttpOnly; SameSite=Strict',
    );
    expect(serializeCookie(http, 'pwreset', 'r', 120)).toBe(
      'pwreset=r; Max-Age=120; Path=/; HttpOnly; SameSite=Strict',
    );
  });

  test('mfa: Strict and at most 300 s', () => {
    expect(serializeCookie(http, 'mfa', 'm', 9999)).toBe(
      'mfa=m; Max-Age=300; Path=/; HttpOnly; SameSite=Strict',
    );
    expect(serializeCookie(http, 'mfa', 'm')).toBe('mfa=m; Max-Age=300; Path=/; HttpOnly; SameSite=Strict');
    expect(serializeCookie(https, 'mfa', null)).toBe(
      '__Host-mfa=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict; Secure',
    );
  });

  test('a service may ask for a Strict session cookie (staff), never a laxer step cookie', () => {
    expect(serializeCookie(https, 'sid', 't', 43200, 'strict')).toBe(
      '__Host-sid=t; Max-Age=43200; Path=/; HttpOnly; SameSite=Strict; Secure',
    );
    expect(serializeCookie(http, 'pwreset', 'r', 600, 'lax')).toBe(
      'pwreset=r; Max-Age=600; Path=/; HttpOnly; SameSite=Strict',
    );
    expect(serializeCookie(http, 'mfa', 'm', 300, 'lax')).toBe(
      'mfa=m; Max-Age=300; Path=/; HttpOnly; SameSite=Strict',
    );
  });

  test('null clears', () => {
    expect(serializeCookie(https, 'sid', null, 3600)).toBe(
      '__Host-sid=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax; Secure',
    );
  });
});

describe('parseCookieRequests', () => {
  test('accepts the contract shape', () => {
    expect(
      parseCookieRequests(
        '[{"name":"sid","value":"t","maxAge":60},{"name":"pwreset","value":null},{"name":"mfa","value":"m"}]',
      ),
    ).toEqual([
      { name: 'sid', value: 't', maxAge: 60 },
      { name: 'pwreset', value: null },
      { name: 'mfa', value: 'm' },
    ]);
  });

  test.each([
    'nope',
    '{}',
    '[{"name":"other","value":"x"}]',
    '[{"name":"sid","value":"a;b"}]',
    '[{"name":"sid","value":"t","maxAge":-1}]',
  ])('refuses %s', (header) => {
    expect(() => parseCookieRequests(header)).toThrow();
  });
});

test('mergeSetCookies replaces an earlier line for the same cookie', () => {
  expect(mergeSetCookies(['sid=; Max-Age=0', 'x=1'], ['sid=new; Max-Age=60'])).toEqual([
    'x=1',
    'sid=new; Max-Age=60',
  ]);
});
