import type { EmailTemplate } from '@tullab/events';
import { contactMessage } from './contact-message';
import { passwordChanged } from './password-changed';
import { passwordResetCode } from './password-reset-code';
import type { EmailTemplateModule, RenderContext, RenderedEmail } from './types';

export { TemplateInputError, defineTemplate } from './types';
export type { EmailTemplateModule, RenderContext, RenderedEmail, TemplateDefinition } from './types';

/**
 * Every template, keyed by the `EmailTemplate` union of @tullab/events: a name added there without a file here
 * fails to compile. To add one: a file beside these with `defineTemplate({ data, secrets, render })`, then a line here.
 */
export const templates = {
  'password-reset-code': passwordResetCode,
  'password-changed': passwordChanged,
  'contact-message': contactMessage,
} satisfies Record<EmailTemplate, EmailTemplateModule>;

export function renderEmail(
  template: EmailTemplate,
  data: Record<string, string>,
  secrets: Record<string, string>,
  context: RenderContext,
): RenderedEmail {
  return templates[template].render(data, secrets, context);
}
