import { addressKey, rateSubject } from './rate-limit';

describe('addressKey', () => {
  test('an IPv4 address counts as itself, also when mapped into IPv6', () => {
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
  });

  test('IPv6 addresses count by their /64, however they are written', () => {
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8:1:2:ffff::')).toBe('2001:db8:1:2::/64');
  });

  test('anything else is kept as it came', () => {
    expect(addressKey('')).toBe('');
  });
});

describe('rateSubject', () => {
  test('a signed-in caller is counted by user, whatever address they share', () => {
    expect(rateSubject({ userId: 'u-1', ip: '192.0.2.7' })).toBe('user:u-1');
    expect(rateSubject({ userId: null, ip: '2001:db8:1:2::9' })).toBe('ip:2001:db8:1:2::/64');
  });
});
