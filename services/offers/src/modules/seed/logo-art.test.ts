import { inflateSync } from 'node:zlib';
import { sniffFileKind } from '@tullab/storage';
import { drawLogo, initialsOf } from './logo-art';
import { logoStyle } from './seed';

/** The RGBA pixel at (x, y) of a PNG drawLogo made (one IDAT, unfiltered rows). */
function pixel(png: Buffer, size: number, x: number, y: number): number[] {
  const idat = png.indexOf('IDAT');
  const rows = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
  const at = y * (size * 4 + 1) + 1 + x * 4;
  return [...rows.subarray(at, at + 4)];
}

describe('initialsOf', () => {
  test.each([
    ['Qahwa Club', 'QC'],
    ['ByteHub', 'BH'],
    ['Kandura Co.', 'KC'],
    ['Skyline Escape Rooms', 'SE'],
    ['fitlane', 'F'],
    ['24/7 Gym', 'G'],
  ])('%s → %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});

describe('drawLogo', () => {
  test('draws a 64 × 64 PNG badge: transparent corners, the badge colour inside, white ink in the letters', () => {
    const style = { ...logoStyle(0), shape: 'circle' as const, motif: 'corner' as const };
    const png = drawLogo('I', style, 64);
    expect(sniffFileKind(png)).toBe('png');
    expect(png.readUInt32BE(16)).toBe(64);
    expect(pixel(png, 64, 0, 0)).toEqual([0, 0, 0, 0]);
    const inside = pixel(png, 64, 12, 32);
    expect(inside[3]).toBe(255);
    expect(inside.slice(0, 3)).not.toEqual([255, 255, 255]);
    expect(pixel(png, 64, 32, 32)).toEqual([255, 255, 255, 255]);
  });
});
