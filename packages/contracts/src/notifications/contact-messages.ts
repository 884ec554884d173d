import { z } from 'zod';

/** A required text field: trimmed, with the SPEC §5 minimum message also used when it is missing or not text. */
function text(min: number, max: number, tooShort: string, tooLong: string) {
  return z.string({ error: tooShort }).trim().min(min, tooShort).max(max, tooLong);
}

/** POST /contact (SPEC §3 "Contact message", §5 "Contact (signup-journey version)"). */
export const contactMessageBody = z.object({
  firstName: text(
    2,
    100,
    'First name must be at least 2 characters',
    'First name must be at most 100 characters',
  ),
  lastName: text(
    2,
    100,
    'Last name must be at least 2 characters',
    'Last name must be at most 100 characters',
  ),
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email('Please enter a valid email address')),
  message: text(
    10,
    5000,
    'Message must be at least 10 characters',
    'Message must be at most 5000 characters',
  ),
});
export type ContactMessageBody = z.infer<typeof contactMessageBody>;

export const contactMessageStatuses = ['new', 'handled'] as const;

/** A message sent from the contact form (`/admin/contact-messages`). */
export interface ContactMessageRecord {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  message: string;
  status: (typeof contactMessageStatuses)[number];
  createdAt: string;
  handledAt: string | null;
  handledBy: string | null;
}
