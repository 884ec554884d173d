interface Closable {
  close(): Promise<unknown>;
}

/**
 * What `start` starts (a service, a stack) for the tests of the file that calls this: started before its first test
 * and closed after its last. The object answered is empty while the file loads and takes on every property of what
 * `start` answered once it has, so the tests and the helpers a file builds at load time use it as the started thing
 * itself, without a `let` and two hooks of their own in every file. The start may take `timeoutMs` (a whole stack),
 * else the file's `testTimeout`.
 */
export function startedForTests<T extends Closable>(start: () => Promise<T>, timeoutMs?: number): T {
  const nothing = async (): Promise<Closable> => ({ close: async () => undefined });
  return startedPairForTests(nothing, start, timeoutMs)[1];
}

/**
 * Two things for the tests of the file that calls this, the second started with the first (a gateway with the
 * services it calls, a service with the mail server it sends to): started in that order before its tests, and closed
 * the other way round after them. Both objects answered are empty while the file loads, as with `startedForTests`.
 */
export function startedPairForTests<A extends Closable, B extends Closable>(
  startFirst: () => Promise<A>,
  startSecond: (first: A) => Promise<B>,
  timeoutMs?: number,
): [A, B] {
  const first = {} as A;
  const second = {} as B;
  let running: [A?, B?] = [];
  beforeAll(async () => {
    running = [await startFirst()];
    Object.assign(first, running[0]);
    running[1] = await startSecond(first);
    Object.assign(second, running[1]);
  }, timeoutMs);
  afterAll(async () => {
    await running[1]?.close();
    await running[0]?.close();
  });
  return [first, second];
}
