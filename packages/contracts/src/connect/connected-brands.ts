import { z } from 'zod';
import { brandAppModes } from '../merchant/apps.js';

/**
 * "Connected brands" (issue 30, decision 019): the brands' apps a student allowed, on the consent screen, to learn
 * that they are a verified student, one entry per app however many times they agreed; and taking that back, after
 * which the app's next checkout asks the student again.
 */
export const CONNECTED_BRAND_NOT_FOUND = 'Connected brand not found';

/** /students/me/connected-brands/:id: the app's id, its OAuth `client_id`. */
export const connectedBrandIdParams = z.object({ id: z.uuid(CONNECTED_BRAND_NOT_FOUND) });

/** One app the student allowed, as their dashboard lists it. */
export const connectedBrandAnswer = z
  .object({
    id: z.uuid().meta({ description: "the app's id, its OAuth `client_id`" }),
    appName: z.string(),
    brandName: z.string().nullable().meta({ description: "the app's brand, as Tullab knows its name" }),
    mode: z.enum(brandAppModes),
    scopes: z.array(z.string()).meta({
      description:
        'what the app may learn: `student` (verified, until when), `first_name`, `institution` (where verified)',
    }),
    connectedAt: z.string().meta({ description: 'when the student first allowed it (ISO 8601)' }),
  })
  .meta({
    id: 'ConnectedBrand',
    description: "A brand's app the student allowed to verify them (decision 019)",
  });
export type ConnectedBrand = z.infer<typeof connectedBrandAnswer>;
