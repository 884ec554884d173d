import { isPhone } from './device';

/** `matchMedia` of a device whose pointer is `pointer`. */
const pointer = (kind: 'coarse' | 'fine') => (query: string) =>
  ({ matches: query === `(pointer: ${kind})` }) as MediaQueryList;

describe('isPhone', () => {
  test('a narrow window is a phone, whatever its pointer', () => {
    expect(isPhone({ innerWidth: 390, matchMedia: pointer('fine') })).toBe(true);
    expect(isPhone({ innerWidth: 599 })).toBe(true);
  });

  test('a coarse pointer (a finger) is a phone, however wide the window', () => {
    expect(isPhone({ innerWidth: 1024, matchMedia: pointer('coarse') })).toBe(true);
  });

  test('a wide window with a mouse is not, nor one whose browser cannot say what its pointer is', () => {
    expect(isPhone({ innerWidth: 1280, matchMedia: pointer('fine') })).toBe(false);
    expect(isPhone({ innerWidth: 600 })).toBe(false);
  });
});
