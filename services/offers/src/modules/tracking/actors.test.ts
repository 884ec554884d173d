import type { Identity } from '@tullab/http';
import { actorOf, visitorHash } from './actors';

const KEY = 'k'.repeat(64);
const OTHER_KEY = 'o'.repeat(64);

const caller = (overrides: Partial<Identity>): Identity => ({
  userId: null,
  role: null,
  verificationStatus: 'none',
  sessionId: null,
  ip: '192.0.2.1',
  exp: 0,
  ...overrides,
});

describe('visitorHash', () => {
  // 2026-03-01 in the UAE (UTC+4) runs from 2026-02-28T20:00Z to 2026-03-01T20:00Z
  const morning = new Date('2026-02-28T20:00:01Z');
  const evening = new Date('2026-03-01T19:59:59Z');
  const nextDay = new Date('2026-03-01T20:00:01Z');

  test('the same address gives the same 128 bits all day in the UAE, and unrelated ones the next day', () => {
    const hash = visitorHash(KEY, '192.0.2.1', morning);
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(visitorHash(KEY, '192.0.2.1', evening)).toBe(hash);
    expect(visitorHash(KEY, '192.0.2.1', nextDay)).not.toBe(hash);
  });

  test('another address or another key gives another hash; an IPv6 address counts by its /64', () => {
    const hash = visitorHash(KEY, '192.0.2.1', morning);
    expect(visitorHash(KEY, '192.0.2.2', morning)).not.toBe(hash);
    expect(visitorHash(OTHER_KEY, '192.0.2.1', morning)).not.toBe(hash);
    expect(visitorHash(KEY, '::ffff:192.0.2.1', morning)).toBe(hash);
    expect(visitorHash(KEY, '2001:db8:1:2::9', morning)).toBe(visitorHash(KEY, '2001:db8:1:2:a::1', morning));
    expect(visitorHash(KEY, '2001:db8:1:2::9', morning)).not.toBe(
      visitorHash(KEY, '2001:db8:1:3::9', morning),
    );
  });
});

describe('actorOf', () => {
  const at = new Date('2026-03-01T10:00:00Z');

  test('a student by their id, active only with an active verification', () => {
    for (const [verificationStatus, active] of [
      ['active', true],
      ['pending', false],
      ['expired', false],
      ['none', false],
    ] as const)
      expect(actorOf(caller({ userId: 'u-1', role: 'student', verificationStatus }), KEY, at)).toEqual({
        userId: 'u-1',
        active,
        visitor: null,
      });
  });

  test('a visitor by the hash of their address of the day; staff and admins as neither', () => {
    expect(actorOf(caller({ ip: '192.0.2.7' }), KEY, at)).toEqual({
      userId: null,
      active: false,
      visitor: visitorHash(KEY, '192.0.2.7', at),
    });
    for (const role of ['staff', 'admin'] as const)
      expect(actorOf(caller({ userId: 's-1', role, verificationStatus: 'active' }), KEY, at)).toEqual({
        userId: null,
        active: false,
        visitor: null,
      });
  });
});
