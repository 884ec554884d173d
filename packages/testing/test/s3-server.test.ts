import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'minio';
import { startS3Server, type S3Server } from '../src';

function minioParams(server: S3Server) {
  const { hostname, port } = new URL(server.endpoint);
  return {
    endPoint: hostname,
    port: Number(port),
    useSSL: false,
    accessKey: server.accessKey,
    secretKey: server.secretKey,
    region: server.region,
  };
}

const minioFor = (server: S3Server) => new Client(minioParams(server));

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

describe('startS3Server', () => {
  let server: S3Server;

  beforeAll(async () => {
    server = await startS3Server({ buckets: ['tullab-logos'] });
  });

  afterAll(() => server.close());

  test('when the minio client stores an object, then it can be stat-ed, read and fetched through a presigned URL', async () => {
    const minio = minioFor(server);
    await minio.makeBucket('tullab-documents', server.region);
    await minio.putObject('tullab-documents', 'students/1/card.pdf', Buffer.from('%PDF-1.7 card'), 13, {
      'Content-Type': 'application/pdf',
    });

    const stat = await minio.statObject('tullab-documents', 'students/1/card.pdf');
    expect(stat.size).toBe(13);
    expect(stat.metaData['content-type']).toBe('application/pdf');
    expect(await readAll(await minio.getObject('tullab-documents', 'students/1/card.pdf'))).toBe(
      '%PDF-1.7 card',
    );

    const url = await minio.presignedGetObject('tullab-documents', 'students/1/card.pdf', 60);
    expect(url.startsWith(`${server.endpoint}/tullab-documents/students/1/card.pdf?`)).toBe(true);
    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('%PDF-1.7 card');
  });

  test('when buckets are given, then they exist from the start', async () => {
    expect(await minioFor(server).bucketExists('tullab-logos')).toBe(true);
  });

  test('when a request is not signed, then it is refused as on a private MinIO bucket', async () => {
    const answer = await fetch(`${server.endpoint}/tullab-logos/anything.png`);
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('<Code>AccessDenied</Code>');
  });

  test('when the access key is unknown, then the server refuses the request', async () => {
    const intruder = new Client({ ...minioParams(server), accessKey: 'SOMEONE' });
    await expect(intruder.putObject('tullab-logos', 'x.txt', 'x')).rejects.toMatchObject({
      code: 'InvalidAccessKeyId',
    });
  });
});

describe('startS3Server with a directory', () => {
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'tullab-s3-test-'));
  });

  afterAll(() => rm(directory, { recursive: true, force: true }));

  test('when it is restarted on the same directory, then the objects are still there', async () => {
    const first = await startS3Server({ directory });
    await minioFor(first).makeBucket('kept', first.region);
    await minioFor(first).putObject('kept', 'a.txt', 'still here');
    await first.close();

    const second = await startS3Server({ directory });
    try {
      expect(await readAll(await minioFor(second).getObject('kept', 'a.txt'))).toBe('still here');
    } finally {
      await second.close();
    }
  });
});
