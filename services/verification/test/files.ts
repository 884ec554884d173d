/** Small files of each accepted kind (their first bytes are what matters, S21) and some impostors. */
export const files = {
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]),
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 2)]),
  webp: Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([0x40, 0, 0, 0]),
    Buffer.from('WEBPVP8 '),
    Buffer.alloc(200, 3),
  ]),
  pdf: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 4)]),
  gif: Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(200, 5)]),
  executable: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 6)]),
  php: Buffer.from('<?php system($_GET["c"]); ?>'),
};

/** A PDF of exactly `size` bytes. */
export function pdfOfSize(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
}
