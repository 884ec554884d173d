import { HttpError } from '@tullab/http';
import { MAX_CODES_PER_IMPORT, isLowPool, parseCodesCsv } from './pool';

describe('isLowPool', () => {
  test('a pool is low at a tenth of its size, or 5 codes left for a small one; no pool is never low', () => {
    expect(isLowPool({ codesTotal: 0, codesLeft: 0 })).toBe(false);
    expect(isLowPool({ codesTotal: 8, codesLeft: 6 })).toBe(false);
    expect(isLowPool({ codesTotal: 8, codesLeft: 5 })).toBe(true);
    expect(isLowPool({ codesTotal: 300, codesLeft: 31 })).toBe(false);
    expect(isLowPool({ codesTotal: 300, codesLeft: 30 })).toBe(true);
    expect(isLowPool({ codesTotal: 300, codesLeft: 0 })).toBe(true);
  });
});

describe('parseCodesCsv', () => {
  test('takes the first column, unquotes it, skips a header and blank lines, and drops repeats in order', () => {
    expect(parseCodesCsv('Code,Batch\n"B-2",x\n\nA-1 , y\r\nB-2\n')).toEqual(['B-2', 'A-1']);
  });

  test.each([
    ['', 'The file has no codes'],
    ['code\n', 'The file has no codes'],
    ['OK\nNOT OK', 'Line 2: Codes use letters, digits and symbols, without spaces'],
    [`${'x'.repeat(65)}`, 'Line 1: Codes are at most 64 characters'],
    [
      Array.from({ length: MAX_CODES_PER_IMPORT + 1 }, (_, i) => `C${i}`).join('\n'),
      'At most 10000 codes per import',
    ],
  ])('refuses %#: %s', (csv, message) => {
    expect(() => parseCodesCsv(csv)).toThrow(new HttpError(400, message));
  });
});
