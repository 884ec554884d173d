import { CatalogueCache, type CatalogueSnapshot } from './catalogue';

/** A snapshot source that counts its calls and can be held until released. */
function source(offers: unknown[] = [{ id: 'a' }]) {
  const state = { calls: 0, offers, nextExpiry: null as Date | null, hold: null as Promise<void> | null };
  const snapshot = async (): Promise<CatalogueSnapshot> => {
    state.calls += 1;
    const offersNow = state.offers;
    if (state.hold) await state.hold;
    return { offers: offersNow, nextExpiry: state.nextExpiry };
  };
  return { state, snapshot };
}

describe('CatalogueCache', () => {
  test('while changes are heard, renders once and serves the same page until invalidated', async () => {
    const { state, snapshot } = source();
    const cache = new CatalogueCache(snapshot);
    cache.setTrusted(true);
    const first = await cache.get();
    expect((await cache.get()).etag).toBe(first.etag);
    expect(state.calls).toBe(1);
    expect(JSON.parse(first.body.toString())).toEqual([{ id: 'a' }]);

    state.offers = [{ id: 'b' }];
    cache.invalidate();
    const second = await cache.get();
    expect(second.etag).not.toBe(first.etag);
    expect(state.calls).toBe(2);
  });

  test('while changes cannot be heard, keeps nothing; concurrent requests share one rendering', async () => {
    const { state, snapshot } = source();
    const cache = new CatalogueCache(snapshot);
    await cache.get();
    await cache.get();
    expect(state.calls).toBe(2);
    await Promise.all([cache.get(), cache.get(), cache.get()]);
    expect(state.calls).toBe(3);
  });

  test('a page rendered while a change happened is not kept, and later requests do not join it', async () => {
    const { state, snapshot } = source();
    const cache = new CatalogueCache(snapshot);
    cache.setTrusted(true);
    let release!: () => void;
    state.hold = new Promise((resolve) => (release = resolve));
    const stale = cache.get();
    cache.invalidate();
    state.hold = null;
    state.offers = [{ id: 'new' }];
    const fresh = await cache.get();
    release();
    expect(JSON.parse((await stale).body.toString())).toEqual([{ id: 'a' }]);
    expect(JSON.parse(fresh.body.toString())).toEqual([{ id: 'new' }]);
    expect((await cache.get()).etag).toBe(fresh.etag);
    expect(state.calls).toBe(2);
  });

  test('a page ends when its first offer expires', async () => {
    const { state, snapshot } = source();
    const cache = new CatalogueCache(snapshot);
    cache.setTrusted(true);
    state.nextExpiry = new Date(Date.now() + 30);
    await cache.get();
    await cache.get();
    expect(state.calls).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await cache.get();
    expect(state.calls).toBe(2);
  });
});
