/**
 * What `start` starts (a service, a stack) for the tests of the file that calls this: started before its first test
 * and closed after its last. The object answered is empty while the file loads and takes on every property of what
 * `start` answered once it has, so the tests and the helpers a file builds at load time use it as the started thing
 * itself, without a `let` and two hooks of their own in every file. Jest gives `beforeAll` the file's `testTimeout`.
 */
export function startedForTests<T extends { close(): Promise<unknown> }>(start: () => Promise<T>): T {
  const started = {} as T;
  let running: T | undefined;
  beforeAll(async () => {
    running = await start();
    Object.assign(started, running);
  });
  afterAll(async () => {
    await running?.close();
  });
  return started;
}
