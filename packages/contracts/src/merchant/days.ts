import { z } from 'zod';

/** A calendar day `YYYY-MM-DD` that exists, named in its message by `field`. */
export const dayField = (field: string) =>
  z
    .string(`${field} must be a date (YYYY-MM-DD)`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`)
    .refine(
      (day) =>
        !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
        new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
      `${field} must be a date (YYYY-MM-DD)`,
    );
