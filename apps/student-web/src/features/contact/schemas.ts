import { z } from 'zod';
import { emailText, minText } from '../../components/forms/rules';

/** SPEC §5 "Contact (/contact-us)". */
export const messages = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Please enter a valid email address',
  message: 'Message must be at least 10 characters',
} as const;

export const MESSAGE_MIN = 10;

export const contactForm = z.object({
  firstName: minText(1, messages.firstName),
  lastName: minText(1, messages.lastName),
  email: emailText(messages.email),
  message: minText(MESSAGE_MIN, messages.message),
});
export type ContactForm = z.infer<typeof contactForm>;

/** SPEC §5 "Contact (signup-journey version)": the support form on the student verification screen. */
export const supportMessages = {
  firstName: 'First name must be at least 2 characters',
  lastName: 'Last name must be at least 2 characters',
} as const;

export const supportContactForm = contactForm.extend({
  firstName: minText(2, supportMessages.firstName),
  lastName: minText(2, supportMessages.lastName),
});
