import { z } from 'zod';
import { emailText, minText } from '../../components/forms/rules';

/** SPEC §5 messages of the account forms. */
export const messages = {
  email: 'Please enter a valid email address',
  password: 'Password must be at least 8 characters',
  confirmPassword: 'Please confirm your password',
  passwordsDiffer: "Passwords don't match",
  firstName: 'First name must be at least 2 characters',
  lastName: 'Last name must be at least 2 characters',
  phoneShort: 'Phone number must be at least 10 digits',
  phoneInvalid: 'Please enter a valid phone number',
  otp: 'OTP must be 6 digits',
} as const;

/** SPEC §9 minimums. */
export const PASSWORD_MIN = 8;
export const NAME_MIN = 2;
export const PHONE_MIN = 10;

/** Passwords are taken as typed: no trimming. */
const password = (message: string) => z.string({ error: message }).min(PASSWORD_MIN, message);

/** Adds the "must match" rule, reported on the confirmation field. */
function matching<T extends z.ZodObject<{ confirmPassword: z.ZodString }>>(schema: T, field: string) {
  return schema.refine((values) => values[field as keyof typeof values] === values.confirmPassword, {
    message: messages.passwordsDiffer,
    path: ['confirmPassword'],
  });
}

export const loginForm = z.object({
  email: emailText(messages.email),
  password: password(messages.password),
});
export type LoginForm = z.infer<typeof loginForm>;

export const signupForm = z.object({
  firstName: minText(NAME_MIN, messages.firstName),
  lastName: minText(NAME_MIN, messages.lastName),
  email: emailText(messages.email),
  phone: minText(PHONE_MIN, messages.phoneShort).regex(/^\+?[\d\s\-()]+$/, messages.phoneInvalid),
  emailMarketing: z.boolean(),
  whatsappMarketing: z.boolean(),
});
export type SignupForm = z.infer<typeof signupForm>;

export const createPasswordForm = matching(
  z.object({
    password: password(messages.password),
    confirmPassword: password(messages.confirmPassword),
  }),
  'password',
);
export type CreatePasswordForm = z.infer<typeof createPasswordForm>;

export const resetEmailForm = z.object({ email: emailText(messages.email) });

export const resetCodeForm = z.object({
  otp: z.string({ error: messages.otp }).regex(/^\d{6}$/, messages.otp),
});

export const newPasswordForm = matching(
  z.object({
    newPassword: password(messages.password),
    confirmPassword: password(messages.password),
  }),
  'newPassword',
);
export type NewPasswordForm = z.infer<typeof newPasswordForm>;
