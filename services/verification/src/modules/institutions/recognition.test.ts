import { domainSuffixes, isHostname, normaliseEmailDomain } from './recognition';

describe('normaliseEmailDomain', () => {
  test.each([
    ['someone@students.cud.ac.ae', 'students.cud.ac.ae'],
    ['  Someone@UAEU.AC.AE ', 'uaeu.ac.ae'],
    ['x@www.cud.ac.ae', 'cud.ac.ae'],
    ['"odd@name"@zu.ac.ae', 'zu.ac.ae'],
  ])('%s → %s', (email, domain) => {
    expect(normaliseEmailDomain(email)).toBe(domain);
  });

  test.each([
    '',
    'no-at-sign',
    '@cud.ac.ae',
    'x@',
    'x@localhost',
    'x@cud..ac.ae',
    'x@-cud.ac.ae',
    'x@cud.ac.ae.',
  ])('rejects %j', (email) => {
    expect(normaliseEmailDomain(email)).toBeNull();
  });
});

describe('isHostname', () => {
  test('accepts lower-case multi-label hostnames only', () => {
    expect(isHostname('students.cud.ac.ae')).toBe(true);
    expect(isHostname('42abudhabi.ae')).toBe(true);
    expect(isHostname('CUD.ac.ae')).toBe(false);
    expect(isHostname('ae')).toBe(false);
    expect(isHostname('cud_ac.ae')).toBe(false);
    expect(isHostname(`${'a'.repeat(64)}.ae`)).toBe(false);
  });
});

describe('domainSuffixes', () => {
  test('lists the domain and each parent at a dot boundary, longest first', () => {
    expect(domainSuffixes('students.cud.ac.ae')).toEqual(['students.cud.ac.ae', 'cud.ac.ae', 'ac.ae', 'ae']);
  });
});
