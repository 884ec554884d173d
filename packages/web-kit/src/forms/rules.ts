import { z } from 'zod';

/**
 * A text field that must hold at least `min` characters once trimmed; `message` (a catalogue key such as
 * 'auth:errors.firstName', translated by validateWith) also covers a missing value.
 */
export const minText = (min: number, message: string) =>
  z.string({ error: message }).trim().min(min, message);

/**
 * A valid e-mail address, surrounding spaces ignored; `message` (a catalogue key such as 'forms:errors.email') also
 * covers a missing value.
 */
export const emailText = (message: string) => z.string({ error: message }).trim().pipe(z.email(message));
