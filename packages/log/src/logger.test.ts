import { Writable } from 'node:stream';
import { createLogger } from './logger';

/** The JSON lines a logger wrote. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, destination };
}

describe('createLogger', () => {
  test('writes JSON lines with the service and level, objects first', () => {
    const { lines, destination } = capture();
    createLogger('identity', 'info', destination).info({ userId: 'u1' }, 'signed in');
    expect(lines).toEqual([
      expect.objectContaining({ service: 'identity', level: 30, userId: 'u1', msg: 'signed in' }),
    ]);
  });

  test('never writes a cookie, a signature, a password or a code (S34)', () => {
    const { lines, destination } = capture();
    createLogger('identity', 'info', destination).info(
      {
        req: { headers: { cookie: 'sid=secret', authorization: 'Bearer t', 'x-tullab-signature': 'sig' } },
        res: { headers: { 'set-cookie': 'sid=secret' } },
        body: { password: 'hunter2', otp: '123456', code: '654321', token: 'tok', email: 'a@b.ae' },
      },
      'request',
    );
    const [line] = lines;
    expect(JSON.stringify(line)).not.toMatch(/secret|Bearer|sig"|hunter2|123456|654321|tok"/);
    expect(line).toMatchObject({
      req: {
        headers: { cookie: '[redacted]', authorization: '[redacted]', 'x-tullab-signature': '[redacted]' },
      },
      body: { password: '[redacted]', email: 'a@b.ae' },
    });
  });
});
