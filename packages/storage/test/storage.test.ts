import { startS3Server, type S3Server } from '@tullab/testing';
import { acceptedFileKind, ObjectStore, safeFileName, sniffFileKind, StorageUnavailableError } from '../src';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const pdf = Buffer.from('%PDF-1.4 hello');

describe('file kinds (S21)', () => {
  test('recognises the four kinds by their bytes and nothing else', () => {
    expect(sniffFileKind(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('jpeg');
    expect(sniffFileKind(png)).toBe('png');
    expect(
      sniffFileKind(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8L')])),
    ).toBe('webp');
    expect(sniffFileKind(pdf)).toBe('pdf');
    expect(sniffFileKind(Buffer.from('GIF89a'))).toBeNull();
    expect(
      sniffFileKind(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')])),
    ).toBeNull();
    expect(sniffFileKind(Buffer.alloc(0))).toBeNull();
  });

  test('the extension must agree with the content and be allowed', () => {
    expect(acceptedFileKind(png, 'a.PNG', ['png'])).toBe('png');
    expect(acceptedFileKind(png, 'a.pdf', ['png', 'pdf'])).toBeNull();
    expect(acceptedFileKind(pdf, 'a.pdf', ['png'])).toBeNull();
    expect(acceptedFileKind(pdf, 'pdf', ['pdf'])).toBeNull();
  });

  test('file names lose paths and control characters', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\x\\scan 1.pdf')).toBe('scan 1.pdf');
    expect(safeFileName('a\nb<script>.png')).toBe('ab_script_.png');
    expect(safeFileName('...')).toBe('file');
  });
});

describe('ObjectStore', () => {
  let s3: S3Server;
  let store: ObjectStore;

  beforeAll(async () => {
    s3 = await startS3Server();
    store = new ObjectStore(
      {
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY: s3.accessKey,
        S3_SECRET_KEY: s3.secretKey,
        S3_REGION: s3.region,
      },
      'test-bucket',
    );
    await store.ensureBucket();
  });

  afterAll(async () => {
    await s3?.close();
  });

  test('puts, lists, reads back and removes an object', async () => {
    await store.put('docs/one', png, 'image/png');
    expect((await store.list('docs/')).map((o) => o.key)).toEqual(['docs/one']);
    const stream = await store.get('docs/one');
    const chunks: Buffer[] = [];
    for await (const chunk of stream ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(png);
    await store.remove('docs/one');
    expect(await store.get('docs/one')).toBeNull();
    await expect(store.readiness().check()).resolves.toBeUndefined();
  });

  test('lists the keys under a prefix page by page, in key order, with when each was written', async () => {
    const keys = ['docs/c', 'docs/a', 'docs/e', 'docs/b', 'docs/d'];
    const before = Date.now();
    for (const key of keys) await store.put(key, pdf, 'application/pdf');
    await store.put('logos/x', png, 'image/png');

    const first = await store.listPage('docs/', { max: 2 });
    expect(first.objects.map((o) => o.key)).toEqual(['docs/a', 'docs/b']);
    expect(first.next).toBe('docs/b');
    const second = await store.listPage('docs/', { max: 2, startAfter: first.next ?? undefined });
    expect(second.objects.map((o) => o.key)).toEqual(['docs/c', 'docs/d']);
    const last = await store.listPage('docs/', { max: 2, startAfter: second.next ?? undefined });
    expect(last).toEqual({ objects: [expect.objectContaining({ key: 'docs/e' })], next: null });
    for (const object of [...first.objects, ...second.objects, ...last.objects]) {
      expect(object.lastModified).toBeInstanceOf(Date);
      // the store keeps whole seconds
      expect(object.lastModified.getTime()).toBeGreaterThan(before - 2000);
      expect(object.lastModified.getTime()).toBeLessThanOrEqual(Date.now());
    }
    // a page after the last key, an empty prefix, and the whole listing
    expect(await store.listPage('docs/', { startAfter: 'docs/e' })).toEqual({ objects: [], next: null });
    expect(await store.listPage('none/')).toEqual({ objects: [], next: null });
    expect((await store.list('docs/')).map((o) => o.key)).toEqual([...keys].sort());
    for (const key of [...keys, 'logos/x']) await store.remove(key);
    expect(await store.list()).toEqual([]);
  });

  test('a store that is down fails with StorageUnavailableError', async () => {
    const down = new ObjectStore(
      { S3_ENDPOINT: 'http://127.0.0.1:1', S3_ACCESS_KEY: 'x', S3_SECRET_KEY: 'y', S3_REGION: 'us-east-1' },
      'test-bucket',
    );
    await expect(down.put('k', png, 'image/png')).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(down.listPage('docs/')).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(down.readiness().check()).rejects.toThrow();
  });
});
