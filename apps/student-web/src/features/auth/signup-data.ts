import { z } from 'zod';
import { keptValue } from '@tullab/web-kit/session/local-data';

/** SPEC §3 "Signup data kept locally", between /signup and /create-password. */
const signupDataShape = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  emailMarketing: z.boolean(),
  whatsappMarketing: z.boolean(),
});
export type SignupData = z.infer<typeof signupDataShape>;

export const SIGNUP_DATA_KEY = 'tullab_signup';

export const keptSignupData = keptValue(SIGNUP_DATA_KEY, 'signup data', (value) =>
  signupDataShape.parse(value),
);
