import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { spreadsheetSafe } from './exporter';

describe('spreadsheetSafe (OWASP CSV injection)', () => {
  test.each([
    '=HYPERLINK("https://evil.example","Click")',
    '+971501234567',
    '-2+3',
    '@SUM(A1)',
    '\tx',
    '\rx',
  ])('a text starting like a formula (%j) is kept as text', (value) => {
    expect(spreadsheetSafe(value)).toBe(`'${value}`);
  });

  test('anything else is left as it is, and nested values are made safe too', () => {
    const createdAt = new Date('2026-11-25T10:00:00Z');
    expect(
      spreadsheetSafe({
        brandName: 'Falaj Coffee',
        discountValue: -5,
        contactEmail: 'owner@falaj.example',
        createdAt,
        guide: [{ instruction: '=1+1' }],
        note: null,
      }),
    ).toEqual({
      brandName: 'Falaj Coffee',
      discountValue: -5,
      contactEmail: 'owner@falaj.example',
      createdAt,
      guide: [{ instruction: "'=1+1" }],
      note: null,
    });
  });
});

describe('every list of the console', () => {
  const resources = path.join(__dirname, '..', 'resources');
  const lists = readdirSync(resources, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
    .map((file) => [file, readFileSync(path.join(resources, file), 'utf8')] as const)
    .filter(([, source]) => /<List[\s>]/.test(source));

  test.each(lists.map(([file, source]) => [file, source]))(
    '%s exports with the spreadsheet-safe exporter, or not at all',
    (_file, source) => {
      expect(source).toMatch(/<List[^>]*exporter=\{(spreadsheetSafeExporter|false)\}/);
    },
  );

  test('there are lists to check', () => {
    expect(lists.length).toBeGreaterThanOrEqual(9);
  });
});
