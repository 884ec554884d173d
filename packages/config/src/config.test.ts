import { ConfigError, parseConfig, serviceEnv } from './index';

const shape = serviceEnv({ port: 4001, schema: 'identity' });
const valid = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
  INTERNAL_SECRET: 'x'.repeat(32),
};

describe('parseConfig', () => {
  test('applies the documented defaults', () => {
    const config = parseConfig(shape, valid);
    expect(config).toMatchObject({ PORT: 4001, DB_SCHEMA: 'identity', REDIS_URL: 'redis://127.0.0.1:6379' });
  });

  test('names a missing variable', () => {
    expect(() => parseConfig(shape, { INTERNAL_SECRET: 'x'.repeat(32) })).toThrow(
      new ConfigError('DATABASE_URL is required'),
    );
  });

  test('names a malformed variable', () => {
    expect(() => parseConfig(shape, { ...valid, REDIS_URL: 'http://nope' })).toThrow(/^REDIS_URL /);
    expect(() => parseConfig(shape, { ...valid, PORT: 'eighty' })).toThrow(/^PORT /);
  });

  test('treats an empty string as unset', () => {
    expect(parseConfig(shape, { ...valid, PORT: '' }).PORT).toBe(4001);
  });
});
