import { startedForTests, startedPairForTests } from '../src';

const events: string[] = [];
const thing = startedForTests(async () => {
  events.push('started');
  return { name: 'thing', close: async () => void events.push('closed') };
});
const whileLoading = { ...thing };
const [server, client] = startedPairForTests(
  async () => {
    events.push('server started');
    return { url: 'http://server.test', close: async () => void events.push('server closed') };
  },
  async (started) => {
    events.push(`client started on ${started.url}`);
    return { close: async () => void events.push('client closed') };
  },
);

test('is empty while the file loads, and the started thing in its tests', () => {
  expect(whileLoading).toEqual({});
  expect(thing.name).toBe('thing');
  expect(server.url).toBe('http://server.test');
  expect(client.close).toEqual(expect.any(Function));
  expect(events).toEqual(['started', 'server started', 'client started on http://server.test']);
});

// declared after the others, so it runs after their closes: a pair closes the other way round from its start
afterAll(() => {
  expect(events.slice(3)).toEqual(['closed', 'client closed', 'server closed']);
});
