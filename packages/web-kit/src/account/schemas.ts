import { z } from 'zod';
import { emailText } from '../forms/rules';

/**
 * SPEC §5 messages of the account forms, as catalogue keys (validateWith shows them in the page's language). The
 * e-mail and phone ones are shared by other forms (merchant application), so they live in the `forms` catalogue.
 */
export const messages = {
  email: 'forms:errors.email',
  password: 'auth:errors.password',
  confirmPassword: 'auth:errors.confirmPassword',
  passwordsDiffer: 'auth:errors.passwordsDiffer',
  firstName: 'auth:errors.firstName',
  lastName: 'auth:errors.lastName',
  phoneShort: 'auth:errors.phoneShort',
  phoneInvalid: 'forms:errors.phone',
  otp: 'auth:errors.otp',
} as const;

/** SPEC §9 minimums. */
export const PASSWORD_MIN = 8;
export const NAME_MIN = 2;
export const PHONE_MIN = 10;

/** Passwords are taken as typed: no trimming. */
export const passwordText = (message: string) => z.string({ error: message }).min(PASSWORD_MIN, message);

/** Adds the "must match" rule, reported on the confirmation field. */
export function matchingPasswords<T extends z.ZodObject<{ confirmPassword: z.ZodString }>>(
  schema: T,
  field: string,
) {
  return schema.refine((values) => values[field as keyof typeof values] === values.confirmPassword, {
    message: messages.passwordsDiffer,
    path: ['confirmPassword'],
  });
}

export const loginForm = z.object({
  email: emailText(messages.email),
  password: passwordText(messages.password),
});
export type LoginForm = z.infer<typeof loginForm>;

export const createPasswordForm = matchingPasswords(
  z.object({
    password: passwordText(messages.password),
    confirmPassword: passwordText(messages.confirmPassword),
  }),
  'password',
);
export type CreatePasswordForm = z.infer<typeof createPasswordForm>;
