import { serviceEnv } from '@tullab/config';
import { z } from 'zod';
import { passwordProblem } from './modules/users/passwords';

/** Identity's environment (ARCHITECTURE "Configuration"); nothing below main.ts reads process.env. */
export const configShape = {
  ...serviceEnv({ port: 4001, schema: 'identity' }),
  /** the first admin, created on start when no user has this e-mail */
  ADMIN_EMAIL: z.email('must be an e-mail address').toLowerCase().optional(),
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      const problem = value === undefined ? null : passwordProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: `is refused: ${problem}` });
    }),
  /**
   * sign-ups per client address per hour (SECURITY "Registration may say an e-mail is taken": limited per IP). A
   * campus network puts a whole orientation day of new students behind one address, so the bound is against scripts,
   * not people.
   */
  REGISTRATIONS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(60),
};

export type Config = z.infer<z.ZodObject<typeof configShape>>;
