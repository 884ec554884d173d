import { z } from 'zod';
import { emailField, messages, nameField, phoneField } from '../users/schemas';

/** An empty phone means "none" (the dashboard creates the profile with an empty phone, SPEC §4). */
const phoneNumberField = z.union([z.literal('').transform(() => null), z.null(), phoneField]);

/** `status` is accepted from the client and ignored (S29): verification decides it. */
export const createProfileBody = z.object({
  firstName: nameField(messages.firstName),
  lastName: nameField(messages.lastName),
  email: emailField,
  phoneNumber: phoneNumberField.optional(),
  emailMarketing: z.boolean().optional(),
  whatsappMarketing: z.boolean().optional(),
});
export type CreateProfileBody = z.infer<typeof createProfileBody>;

export const updateProfileBody = createProfileBody.partial();
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;
