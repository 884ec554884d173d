import { MASKED, changedFields } from './audit-log';

interface Thing {
  name: string;
  price: number | null;
  secret: string | null;
  steps: { step: number; text: string }[];
  endsAt: Date | null;
}

const thing = (overrides: Partial<Thing> = {}): Thing => ({
  name: 'Lamp',
  price: 20,
  secret: 'S3CRET',
  steps: [{ step: 1, text: 'Open' }],
  endsAt: new Date('2030-01-01T00:00:00.000Z'),
  ...overrides,
});
const fields = ['name', 'price', 'secret', 'steps', 'endsAt'] as const;

describe('changedFields', () => {
  test('names only the fields that differ, from what to what, dates as ISO text', () => {
    const after = thing({ price: 25, endsAt: new Date('2030-02-01T00:00:00.000Z') });
    expect(changedFields(thing(), after, fields)).toEqual({
      price: { from: 20, to: 25 },
      endsAt: { from: '2030-01-01T00:00:00.000Z', to: '2030-02-01T00:00:00.000Z' },
    });
  });

  test('compares values, not references or key order (JSON read back from jsonb)', () => {
    const reordered = { text: 'Open', step: 1 } as unknown as Thing['steps'][number];
    expect(
      changedFields(thing(), thing({ steps: [reordered], endsAt: new Date(thing().endsAt!) }), fields),
    ).toEqual({});
  });

  test('a creation is every set field from null', () => {
    expect(changedFields({}, thing({ price: null }), ['name', 'price'])).toEqual({
      name: { from: null, to: 'Lamp' },
    });
  });

  test('a secret field says that it changed and whether it is set, never its value', () => {
    const secret = ['secret'] as const;
    expect(changedFields(thing(), thing({ secret: 'OTHER' }), fields, secret)).toEqual({
      secret: { from: MASKED, to: MASKED },
    });
    expect(changedFields(thing(), thing({ secret: null }), fields, secret)).toEqual({
      secret: { from: MASKED, to: null },
    });
    expect(changedFields(thing(), thing(), fields, secret)).toEqual({});
  });
});
