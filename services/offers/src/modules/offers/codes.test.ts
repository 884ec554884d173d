import { generatedCode } from './codes';

describe('generatedCode', () => {
  test('is the brand letters and digits lower-cased, then tullab, then 10..99', () => {
    for (let i = 0; i < 200; i += 1) {
      const code = generatedCode("Sahra's Café & Co. 24/7");
      expect(code).toMatch(/^sahrascafco247tullab\d\d$/);
      const suffix = Number(code.slice(-2));
      expect(suffix).toBeGreaterThanOrEqual(10);
      expect(suffix).toBeLessThanOrEqual(99);
    }
  });

  test('uses the whole range of suffixes', () => {
    const suffixes = new Set(Array.from({ length: 2000 }, () => generatedCode('X').slice(-2)));
    expect(suffixes.size).toBe(90);
  });
});
