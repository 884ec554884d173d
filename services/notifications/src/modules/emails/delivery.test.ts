import { classifySendError, describeSendError, retryDelayMs } from './delivery';

const smtpError = (responseCode: number, code = 'EENVELOPE') =>
  Object.assign(new Error(`Can't send mail - all recipients were rejected`), { code, responseCode });

describe('classifySendError', () => {
  test.each([421, 450, 451, 452])('a %i reply is temporary', (code) => {
    expect(classifySendError(smtpError(code))).toBe('temporary');
  });

  test.each([550, 551, 552, 553, 554])('a %i reply is permanent', (code) => {
    expect(classifySendError(smtpError(code))).toBe('permanent');
  });

  test('a lost connection, a timeout or an unknown error is temporary', () => {
    expect(classifySendError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }))).toBe(
      'temporary',
    );
    expect(
      classifySendError(Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT' })),
    ).toBe('temporary');
    expect(classifySendError(new Error('boom'))).toBe('temporary');
    expect(classifySendError(undefined)).toBe('temporary');
  });

  test('a refused login (535) is our configuration, not the message: temporary', () => {
    expect(classifySendError(smtpError(535, 'EAUTH'))).toBe('temporary');
  });
});

describe('retryDelayMs', () => {
  const noJitter = () => 0;

  test('doubles from the base per failed attempt', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempts) => retryDelayMs(attempts, 5000, 300_000, noJitter))).toEqual([
      5000, 10_000, 20_000, 40_000, 80_000, 160_000,
    ]);
  });

  test('never waits longer than the maximum, however many attempts failed', () => {
    expect(retryDelayMs(7, 5000, 300_000, noJitter)).toBe(300_000);
    expect(retryDelayMs(1000, 5000, 300_000, noJitter)).toBe(300_000);
  });

  test('jitter takes at most half off', () => {
    expect(retryDelayMs(3, 5000, 300_000, () => 0.999_999)).toBe(10_000);
    for (let i = 0; i < 100; i++) {
      const delay = retryDelayMs(3, 5000, 300_000);
      expect(delay).toBeGreaterThanOrEqual(10_000);
      expect(delay).toBeLessThanOrEqual(20_000);
    }
  });
});

describe('describeSendError', () => {
  test('keeps the code, the SMTP reply code and the message', () => {
    expect(describeSendError(smtpError(451))).toBe(
      "EENVELOPE 451: Can't send mail - all recipients were rejected",
    );
    expect(describeSendError('odd')).toBe('odd');
  });
});
