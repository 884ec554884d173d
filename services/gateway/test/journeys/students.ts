// Students in the journey tests, through the gateway as a student does: signing up, then verifying with the code
// mailed to a university address.
import { newStudent } from '../client';
import type { Browser } from './browsers';
import { codeFrom } from './mail-code';
import type { Stack } from './stack';

export interface SignedUpStudent {
  browser: Browser;
  student: ReturnType<typeof newStudent>;
  id: string;
}

/** A new student, registered (and so signed in) through the gateway; verification `none`. */
export async function signUpStudent(browser: Browser): Promise<SignedUpStudent> {
  const student = newStudent();
  const registered = await browser.post('/api/auth/register', student);
  if (registered.status !== 201)
    throw new Error(`register answered ${registered.status}: ${registered.text}`);
  return { browser, student, id: registered.body.user.id as string };
}

/**
 * Makes a signed-up student `active` the way a student does: a university address (`…@cud.ac.ae`, a known domain),
 * the code from the caught e-mail, verify-otp (which rotates the browser's session).
 */
export async function verifyByCode(stack: Stack, { browser, student }: SignedUpStudent): Promise<void> {
  const studentEmail = `${student.email.split('@')[0]}@cud.ac.ae`;
  const sent = await browser.post('/api/students/verify', {
    email: studentEmail,
    personalEmail: student.email,
    studentId: null,
  });
  if (sent.status !== 200) throw new Error(`verify answered ${sent.status}: ${sent.text}`);
  const mail = await stack.smtp.waitFor((m) => m.to.includes(studentEmail), 15_000);
  const verified = await browser.post('/api/students/verify-otp', {
    email: studentEmail,
    personalEmail: student.email,
    otp: codeFrom(mail.text),
  });
  if (verified.body.user?.verification?.status !== 'active') {
    throw new Error(`verify-otp answered ${verified.status}: ${verified.text}`);
  }
}
