import { z } from 'zod';
import { emailText, minText } from '@tullab/web-kit/forms/rules';

/** SPEC §5 "Contact (/contact-us)": catalogue keys (en/contact.json has the SPEC texts). */
export const messages = {
  firstName: 'contact:errors.firstName',
  lastName: 'contact:errors.lastName',
  email: 'contact:errors.email',
  message: 'contact:errors.message',
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
  firstName: 'contact:errors.firstNameShort',
  lastName: 'contact:errors.lastNameShort',
} as const;

export const supportContactForm = contactForm.extend({
  firstName: minText(2, supportMessages.firstName),
  lastName: minText(2, supportMessages.lastName),
});
