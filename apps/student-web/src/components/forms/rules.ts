import { z } from 'zod';

/** A text field that must hold at least `min` characters once trimmed; `message` also covers a missing value. */
export const minText = (min: number, message: string) =>
  z.string({ error: message }).trim().min(min, message);

/** A valid e-mail address, surrounding spaces ignored; `message` also covers a missing value. */
export const emailText = (message: string) => z.string({ error: message }).trim().pipe(z.email(message));
