import { startedForTests } from '../src';

const events: string[] = [];
const thing = startedForTests(async () => {
  events.push('started');
  return { name: 'thing', close: async () => void events.push('closed') };
});
const whileLoading = { ...thing };

test('is empty while the file loads, and the started thing in its tests', () => {
  expect(whileLoading).toEqual({});
  expect(thing.name).toBe('thing');
  expect(events).toEqual(['started']);
});

// declared after startedForTests' own, so it runs after the close
afterAll(() => {
  expect(events).toEqual(['started', 'closed']);
});
