import { SessionCache, SESSION_CACHE_MS, type ResolvedSession } from './cache';

const session = (userId: string): ResolvedSession => ({
  caller: { userId, role: 'student', verificationStatus: 'active', sessionId: `s-${userId}` },
  user: { id: userId },
});

function subscribedCache(): SessionCache {
  const cache = new SessionCache(async () => true);
  cache.onSubscribed(true);
  return cache;
}

describe('SessionCache', () => {
  test('keeps nothing while the broadcasts are not heard', () => {
    const cache = new SessionCache(async () => true);
    cache.set('k', session('u1'), Date.now() + 10_000, cache.mark);
    expect(cache.get('k')).toBeNull();
  });

  test("keeps a session until identity's bound or its own limit, whichever comes first", () => {
    const cache = subscribedCache();
    const now = 1_000_000;
    cache.set('short', session('u1'), now + 5_000, cache.mark, now);
    cache.set('long', session('u2'), now + 3_600_000, cache.mark, now);
    expect(cache.get('short', now + 4_999)).not.toBeNull();
    expect(cache.get('short', now + 5_000)).toBeNull();
    expect(cache.get('long', now + SESSION_CACHE_MS - 1)).not.toBeNull();
    expect(cache.get('long', now + SESSION_CACHE_MS)).toBeNull();
  });

  test('sessions nobody asks for again are dropped once expired, when the next one is kept', () => {
    const cache = subscribedCache();
    const now = 1_000_000;
    for (let i = 0; i < 100; i++) cache.set(`old-${i}`, session(`u${i}`), now + 5_000, cache.mark, now);
    cache.set('live', session('u-live'), now + 3_600_000, cache.mark, now + 1_000);
    expect(cache.size).toBe(101);
    cache.set('new', session('u-new'), now + 3_600_000, cache.mark, now + 5_000);
    expect(cache.size).toBe(2);
    expect(cache.get('live', now + 5_000)).toEqual(session('u-live'));
    // the next one set after the live one has expired drops it too
    cache.set('newer', session('u-newer'), now + 3_600_000, cache.mark, now + 1_000 + SESSION_CACHE_MS);
    expect(cache.size).toBe(2);
    expect(cache.get('new', now + 1_000 + SESSION_CACHE_MS)).toEqual(session('u-new'));
  });

  test('an answer asked for before a broadcast is not kept (it may predate the change)', () => {
    const cache = subscribedCache();
    const mark = cache.mark;
    cache.onMessage('someone');
    cache.set('k', session('u1'), Date.now() + 10_000, mark);
    expect(cache.get('k')).toBeNull();
  });

  test('a kept session is used only once the broadcasts sent before have been heard, and not when they cannot be', async () => {
    let heard: () => void = () => undefined;
    let reachable = true;
    const cache = new SessionCache(() => new Promise((resolve) => (heard = () => resolve(reachable))));
    cache.onSubscribed(true);
    cache.set('k', session('u1'), Date.now() + 10_000, cache.mark);
    // a sign-out broadcast that reaches this gateway while the request waits for the ones sent before it
    const during = cache.fresh('k');
    cache.onMessage('u1');
    heard();
    expect(await during).toBeNull();

    cache.set('k', session('u1'), Date.now() + 10_000, cache.mark);
    const quiet = cache.fresh('k');
    heard();
    expect(await quiet).toEqual(session('u1'));

    reachable = false;
    const unreachable = cache.fresh('k');
    heard();
    expect(await unreachable).toBeNull();
    expect(await cache.fresh('nothing kept')).toBeNull();
  });

  test("a user's broadcast drops all and only that user's sessions; `*` drops all", () => {
    const cache = subscribedCache();
    const until = Date.now() + 10_000;
    cache.set('a1', session('a'), until, cache.mark);
    cache.set('a2', session('a'), until, cache.mark);
    cache.set('b1', session('b'), until, cache.mark);
    cache.onMessage('a');
    expect([cache.get('a1'), cache.get('a2')]).toEqual([null, null]);
    expect(cache.get('b1')).not.toBeNull();
    cache.onMessage('*');
    expect(cache.get('b1')).toBeNull();
  });

  test('losing the subscription drops everything', () => {
    const cache = subscribedCache();
    cache.set('k', session('u1'), Date.now() + 10_000, cache.mark);
    cache.onSubscribed(false);
    cache.onSubscribed(true);
    expect(cache.get('k')).toBeNull();
  });
});
