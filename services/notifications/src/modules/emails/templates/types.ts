import type { z } from 'zod';
import { DEFAULT_LANGUAGE, type Language } from './locale';

/** What every template may show besides its own data. */
export interface RenderContext {
  /** where users reach the product, e.g. `https://tullab.ae` (PUBLIC_URL) */
  publicUrl: string;
  /** where users can write to a person (SUPPORT_EMAIL) */
  supportEmail: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** The data or the sealed values of an `email.requested` event do not fit its template: a bad payload, not retried. */
export class TemplateInputError extends Error {}

/** A template as the registry holds it: its input is checked by the template's own schemas. */
export interface EmailTemplateModule {
  /** throws TemplateInputError when `data` or `secrets` do not fit (the message names fields, never values) */
  validate(data: Record<string, string>, secrets: Record<string, string>): void;
  /** in the recipient's `language` (English when not given; staff templates are English whatever it is) */
  render(
    data: Record<string, string>,
    secrets: Record<string, string>,
    context: RenderContext,
    language?: Language,
  ): RenderedEmail;
}

export interface TemplateDefinition<D, S> {
  /** the display values the producer puts in `data` (never a secret) */
  data: z.ZodType<D>;
  /** the values the producer seals (a code); `z.object({})` when there are none */
  secrets: z.ZodType<S>;
  /** `language` is the recipient's (issue 12): a template for students or merchants writes in it */
  render(input: { data: D; secrets: S; context: RenderContext; language: Language }): RenderedEmail;
}

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || what}: ${issue.message}`);
  throw new TemplateInputError(`invalid ${what}: ${problems.join('; ')}`);
}

/** Wraps a template definition so the registry can check and render it without knowing its types. */
export function defineTemplate<D, S>(definition: TemplateDefinition<D, S>): EmailTemplateModule {
  return {
    validate(data, secrets) {
      parse(definition.data, data, 'data');
      parse(definition.secrets, secrets, 'sealed values');
    },
    render(data, secrets, context, language = DEFAULT_LANGUAGE) {
      return definition.render({
        data: parse(definition.data, data, 'data'),
        secrets: parse(definition.secrets, secrets, 'sealed values'),
        context,
        language,
      });
    },
  };
}
