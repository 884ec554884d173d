import { z } from 'zod';
import { identityMessages, personNameField, phoneField, userEmailField } from './fields.js';

/** An empty phone means "none" (the dashboard creates the profile with an empty phone, SPEC §4). */
const profilePhoneField = z.union([z.literal('').transform(() => null), z.null(), phoneField]);

/** POST /students/profile. `status` is accepted from the client and ignored (S29): verification decides it. */
export const createProfileBody = z.object({
  firstName: personNameField(identityMessages.firstName),
  lastName: personNameField(identityMessages.lastName),
  email: userEmailField,
  phoneNumber: profilePhoneField.optional(),
  emailMarketing: z.boolean().optional(),
  whatsappMarketing: z.boolean().optional(),
});
export type CreateProfileBody = z.infer<typeof createProfileBody>;

/** PUT /students/profile. */
export const updateProfileBody = createProfileBody.partial();
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/** SPEC §3 "Student profile" as the dashboard reads it (`{ student }`); `status` is the effective verification status. */
export interface StudentProfileView {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  emailMarketing: boolean;
  whatsappMarketing: boolean;
  status: string;
  studentEmail: string | null;
  verifiedAt: string | null;
}
