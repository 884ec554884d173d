import type { SubmissionErrors } from 'final-form';
import i18n from 'i18next';
import type { z } from 'zod';
import { serverFieldErrors, serverFieldKeys } from '../api/errors';

export type FieldErrors = Record<string, string>;

/**
 * A react-final-form `validate` from a zod schema (CONVENTIONS "Front-ends"): the first message per field, keyed by
 * the field's name, in the page's language (a schema's messages are catalogue keys such as `auth:errors.email`);
 * undefined when the values pass.
 */
export function validateWith(schema: z.ZodType) {
  return (values: object): FieldErrors | undefined => {
    const result = schema.safeParse(values);
    if (result.success) return undefined;
    const errors: FieldErrors = {};
    for (const issue of result.error.issues) {
      const field = issue.path.join('.');
      if (field && !(field in errors)) errors[field] = i18n.t(issue.message);
    }
    return errors;
  };
}

/**
 * Runs a form's server call. On failure `report` shows the toast, and the server's per-field messages go back to the
 * form (`rename` maps a server field to the form's, e.g. `phoneNumber` → `phone`): a field's rule in the page's
 * language when the server names its key (docs/errors.md "Field errors") and the catalogue has it, else the server's
 * text.
 */
export async function submitting(
  run: () => Promise<void>,
  report: (error: unknown) => void,
  rename: Record<string, string> = {},
): Promise<SubmissionErrors | undefined> {
  try {
    await run();
    return undefined;
  } catch (error) {
    report(error);
    const errors = serverFieldErrors(error);
    if (!errors) return undefined;
    const keys = serverFieldKeys(error);
    const text = (field: string, message: string) => {
      const key = keys[field];
      return key && i18n.exists(key) ? i18n.t(key) : message;
    };
    return Object.fromEntries(
      Object.entries(errors).map(([field, message]) => [rename[field] ?? field, text(field, message)]),
    );
  }
}
