// Waiting in the journey tests for what happens later: events flow through the outbox, Redis and a worker.
/** Polls until `read` satisfies `done` or 15 s pass; resolves with the last value read. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}
