import { inflateSync } from 'node:zlib';
import { encodePng } from './png';

/** Reads the chunks of a PNG file, checking each one's CRC against zlib's. */
function chunks(png: Buffer) {
  const found: Array<{ type: string; data: Buffer }> = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
    found.push({ type, data });
    at += 12 + length;
  }
  return found;
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return ~crc >>> 0;
}

describe('encodePng', () => {
  test('writes a PNG signature, an RGBA header and the rows unfiltered', () => {
    const pixels = Uint8Array.from([255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 10, 20, 30, 40]);
    const png = encodePng(2, 2, pixels);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const [header, data, end] = chunks(png);
    expect(header.type).toBe('IHDR');
    expect([header.data.readUInt32BE(0), header.data.readUInt32BE(4), ...header.data.subarray(8)]).toEqual([
      2, 2, 8, 6, 0, 0, 0,
    ]);
    expect(data.type).toBe('IDAT');
    expect([...inflateSync(data.data)]).toEqual([0, ...pixels.subarray(0, 8), 0, ...pixels.subarray(8)]);
    expect(end).toEqual({ type: 'IEND', data: Buffer.alloc(0) });
  });

  test('refuses a pixel buffer of the wrong size', () => {
    expect(() => encodePng(2, 2, new Uint8Array(15))).toThrow('pixel buffer does not match the size');
  });
});
