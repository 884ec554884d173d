/**
 * @jest-environment node
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { builtScript } from './built';

/** Issue 30 point 6: the button weighs at most 30 kB compressed. */
const MAX_COMPRESSED_BYTES = 30 * 1024;

describe('dist/button.js, as brands’ pages load it', () => {
  const script = builtScript();

  test('is at most 30 kB brotli-compressed, and at most 30 kB gzip-compressed', () => {
    const brotli = brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    expect(brotli.length).toBeLessThanOrEqual(MAX_COMPRESSED_BYTES);
    expect(gzipSync(script, { level: 9 }).length).toBeLessThanOrEqual(MAX_COMPRESSED_BYTES);
  });

  test('names no address at all: it loads no one else’s code and calls no one', () => {
    expect(script.toString('utf8')).not.toMatch(/https?:\/\//i);
  });

  test('is one classic script (an IIFE), with no import or export a <script> tag could not run', () => {
    const text = script.toString('utf8');
    expect(text).toMatch(/^"use strict";\(\(\)=>\{[\s\S]*\}\)\(\);\s*$/);
    expect(text).not.toMatch(/\bimport\s*\(|\bimport\s+[\w{*]|\bexport\s+[\w{*]|\brequire\s*\(/);
  });
});
