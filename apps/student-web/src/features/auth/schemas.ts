/** The student app's own account forms (SPEC §5); sign-in and choosing a password are the web kit's. */
import { z } from 'zod';
import { emailText, minText } from '@tullab/web-kit/forms/rules';
import {
  matchingPasswords,
  messages,
  NAME_MIN,
  passwordText,
  PHONE_MIN,
} from '@tullab/web-kit/account/schemas';

export const signupForm = z.object({
  firstName: minText(NAME_MIN, messages.firstName),
  lastName: minText(NAME_MIN, messages.lastName),
  email: emailText(messages.email),
  phone: minText(PHONE_MIN, messages.phoneShort).regex(/^\+?[\d\s\-()]+$/, messages.phoneInvalid),
  emailMarketing: z.boolean(),
  whatsappMarketing: z.boolean(),
});
export type SignupForm = z.infer<typeof signupForm>;

export const resetEmailForm = z.object({ email: emailText(messages.email) });

export const resetCodeForm = z.object({
  otp: z.string({ error: messages.otp }).regex(/^\d{6}$/, messages.otp),
});

export const newPasswordForm = matchingPasswords(
  z.object({
    newPassword: passwordText(messages.password),
    confirmPassword: passwordText(messages.password),
  }),
  'newPassword',
);
export type NewPasswordForm = z.infer<typeof newPasswordForm>;
