import request from 'supertest';
import { startVerification, type TestUser, type TestVerification } from './helpers';

/** Verification as the e-mail code tests start it: only errors logged. */
export const startQuietly = () => startVerification({ LOG_LEVEL: 'error' });

export const studentEmail = (user: TestUser) => `${user.userId.slice(0, 8)}@students.cud.ac.ae`;

/**
 * How the e-mail code tests ask for a code, enter it and read the status it leads to, on the verification their
 * file started (read when a helper is called, so it may still be filling in while the file loads).
 */
export function emailCodeTests(verification: TestVerification) {
  const api = () => request(verification.url);

  const sendCode = (
    user: TestUser,
    email: string,
    extra: Record<string, unknown> = { studentId: null },
    headers: Record<string, string> = {},
  ) =>
    api()
      .post('/students/verify')
      .set({ ...user.headers(), ...headers })
      .send({ email, personalEmail: user.email, institution: email.split('@')[1], ...extra });

  const verifyCode = (user: TestUser, email: string, otp: string) =>
    api().post('/students/verify-otp').set(user.headers()).send({ email, personalEmail: user.email, otp });

  const lastCode = async (email: string) => {
    const mails = await verification.mails(email);
    return mails[mails.length - 1]?.code;
  };

  const statusOf = async (user: TestUser) =>
    (await api().get('/students/verify').set(user.headers())).body as {
      status: string;
      studentEmail: string | null;
    };

  const statusEvents = async (user: TestUser) =>
    (
      await verification.sql<{ payload: { userId: string; status: string } }>(
        `select payload from outbox where name = 'verification.status_changed' order by occurred_at, id`,
      )
    )
      .map((row) => row.payload)
      .filter((payload) => payload.userId === user.userId)
      .map((payload) => payload.status);

  return { api, sendCode, verifyCode, lastCode, statusOf, statusEvents };
}
