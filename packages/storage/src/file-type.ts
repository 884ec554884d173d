/** The file kinds the product accepts, recognised by their first bytes (S21), never by what the client claims. */
export const fileKinds = {
  jpeg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  png: { mime: 'image/png', extensions: ['png'] },
  webp: { mime: 'image/webp', extensions: ['webp'] },
  pdf: { mime: 'application/pdf', extensions: ['pdf'] },
} as const;
export type FileKind = keyof typeof fileKinds;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** JPEG `FF D8 FF`; PNG `89 50 4E 47 0D 0A 1A 0A`; WebP `RIFF····WEBPVP8`; PDF `%PDF-`. */
export function sniffFileKind(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBPVP8'), 8)) return 'webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  return null;
}

/** The lower-cased extension of a file name ('' when it has none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * The kind of an uploaded file when its content is one of `allowed` and its name's extension agrees with it; null
 * for anything else (a renamed executable, a PNG called .pdf, a GIF).
 */
export function acceptedFileKind(
  bytes: Uint8Array,
  fileName: string,
  allowed: readonly FileKind[],
): FileKind | null {
  const kind = sniffFileKind(bytes);
  if (!kind || !allowed.includes(kind)) return null;
  return (fileKinds[kind].extensions as readonly string[]).includes(extensionOf(fileName)) ? kind : null;
}

/** A client's file name reduced to something safe to store and show: no path, no control characters, ≤100 chars. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/\p{Cc}/gu, '')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .replace(/^\.+/, '')
    .trim();
  return cleaned.slice(-100) || 'file';
}
