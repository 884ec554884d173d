import { z } from 'zod';
import { keptValue } from '@tullab/web-kit/session/local-data';

/** SPEC §3: kept in the browser between /student-verification and /otp-verification. */
const verificationDataShape = z.object({
  studentEmail: z.string(),
  institution: z.string(),
  personalEmail: z.string(),
});
export type VerificationData = z.infer<typeof verificationDataShape>;

export const VERIFICATION_DATA_KEY = 'tullab_student_verification';

export const keptVerificationData = keptValue(VERIFICATION_DATA_KEY, 'verification data', (value) =>
  verificationDataShape.parse(value),
);

/** SPEC §2 /otp-verification redirect rule: all three must be there. */
export function completeVerificationData(): VerificationData | null {
  const data = keptVerificationData.read();
  return data && data.studentEmail && data.institution && data.personalEmail ? data : null;
}

/** SPEC §3: the institution is the domain part of the student e-mail. */
export const institutionOf = (studentEmail: string): string =>
  studentEmail.slice(studentEmail.lastIndexOf('@') + 1).toLowerCase();
