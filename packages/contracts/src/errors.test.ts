import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorAnswerSchema, errorCodes, isErrorCode } from './errors.js';

describe('errorCodes', () => {
  test('are unique snake_case words', () => {
    expect(new Set(errorCodes).size).toBe(errorCodes.length);
    for (const code of errorCodes) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  test('isErrorCode knows the listed codes only', () => {
    expect(isErrorCode('pool_exhausted')).toBe(true);
    expect(isErrorCode('Pool exhausted')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });

  test('each has its own heading in docs/errors.md', () => {
    const doc = readFileSync(join(__dirname, '../../../docs/errors.md'), 'utf8');
    const documented = new Set([...doc.matchAll(/^### `([a-z_]+)`/gm)].map((match) => match[1]));
    expect(errorCodes.filter((code) => !documented.has(code))).toEqual([]);
    expect([...documented].filter((code) => !(errorCodes as readonly string[]).includes(code))).toEqual([]);
  });
});

describe('errorAnswerSchema', () => {
  test('accepts a message with a listed code, with or without field errors', () => {
    expect(errorAnswerSchema.parse({ message: 'Not found', code: 'not_found' })).toEqual({
      message: 'Not found',
      code: 'not_found',
    });
    const refused = { message: 'Required', code: 'validation_failed', errors: { email: 'Required' } };
    expect(errorAnswerSchema.parse(refused)).toEqual(refused);
  });

  test('refuses an answer without a code, with an unknown code or with non-text field errors', () => {
    expect(errorAnswerSchema.safeParse({ message: 'Not found' }).success).toBe(false);
    expect(errorAnswerSchema.safeParse({ message: 'Oops', code: 'oops' }).success).toBe(false);
    expect(
      errorAnswerSchema.safeParse({ message: 'Bad', code: 'validation_failed', errors: { age: 3 } }).success,
    ).toBe(false);
  });
});
