import type { z } from 'zod';

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
  render(
    data: Record<string, string>,
    secrets: Record<string, string>,
    context: RenderContext,
  ): RenderedEmail;
}

export interface TemplateDefinition<D, S> {
  /** the display values the producer puts in `data` (never a secret) */
  data: z.ZodType<D>;
  /** the values the producer seals (a code); `z.object({})` when there are none */
  secrets: z.ZodType<S>;
  render(input: { data: D; secrets: S; context: RenderContext }): RenderedEmail;
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
    render(data, secrets, context) {
      return definition.render({
        data: parse(definition.data, data, 'data'),
        secrets: parse(definition.secrets, secrets, 'sealed values'),
        context,
      });
    },
  };
}
