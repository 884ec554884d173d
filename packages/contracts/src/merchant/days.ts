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

/** A calendar month `YYYY-MM`, named in its message by `field`. */
export const monthField = (field: string) =>
  z
    .string(`${field} must be a month (YYYY-MM)`)
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${field} must be a month (YYYY-MM)`);
