import {
  brandAppMessages,
  createBrandAppBody,
  REDIRECT_URIS_PER_APP,
  type BrandAppAnswer,
  type BrandAppMode,
  type CreateBrandAppBody,
} from '@tullab/contracts';
import type { FieldErrors } from '@tullab/web-kit/forms/validate';
import i18n from 'i18next';

/** The app form's values: the redirect URIs as typed, one a line (undefined while empty, as react-final-form leaves them). */
export interface AppValues {
  name?: string;
  redirectUris?: string;
  mode: BrandAppMode;
}

/** A new app starts as a test app (the contracts' default): live comes once the checkout works. */
export const newAppValues = (): AppValues => ({ mode: 'test' });

/** An edit starts from the app as it is. */
export const appValuesOf = (app: BrandAppAnswer): AppValues => ({
  name: app.name,
  redirectUris: app.redirectUris.join('\n'),
  mode: app.mode,
});

/** The typed URIs: one a line, blank lines and repeats left out (so a refusal's index is a URI the form shows). */
const urisOf = (text = ''): string[] => [
  ...new Set(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  ),
];

/** The body of POST /api/merchant/apps; an edit sends its name and redirect URIs. */
export const appBodyOf = (values: AppValues): CreateBrandAppBody => ({
  name: values.name?.trim() ?? '',
  redirectUris: urisOf(values.redirectUris),
  mode: values.mode,
});

/** The contracts' rules by their English text, which the schema and the server both give. */
const ruleNames = new Map<string, string>(
  Object.entries(brandAppMessages).map(([rule, text]) => [text, rule]),
);

/**
 * A brand app rule's text in the page's language (`merchant:apps.rules`), from the English text of the contracts'
 * schema or of the server's answer; any other text as it is. The rules have no message keys of their own (those are
 * the offer rules', docs/errors.md "Field errors").
 */
export function ruleText(message: string): string;
export function ruleText(message: string | undefined): string | undefined;
export function ruleText(message: string | undefined): string | undefined {
  const rule = message === undefined ? undefined : ruleNames.get(message);
  return rule ? i18n.t(`merchant:apps.rules.${rule}`, { max: REDIRECT_URIS_PER_APP }) : message;
}

/**
 * The form's messages from refused fields, named as the schema and the server name them (`name`,
 * `redirectUris.2`): a redirect URI's goes under the URIs' field and names the URI it is about (`uris`, as sent).
 * A field shows its first message.
 */
export function appFieldErrors(refused: [field: string, message: string][], uris: string[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, message] of refused) {
    const [field, index] = path.split('.');
    if (field in errors) continue;
    const uri = index === undefined ? undefined : uris[Number(index)];
    errors[field] =
      uri === undefined
        ? ruleText(message)
        : i18n.t('merchant:apps.form.uriProblem', { rule: ruleText(message), uri });
  }
  return errors;
}

/**
 * The form's `validate`: the body it would send, checked with the contracts' own schema of a new app (decision 019's
 * rules; an edit keeps its mode, so a live app's URIs are checked for HTTPS as the server checks them).
 */
export function validateApp(values: AppValues): FieldErrors | undefined {
  const body = appBodyOf(values);
  const result = createBrandAppBody.safeParse(body);
  if (result.success) return undefined;
  return appFieldErrors(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
    body.redirectUris,
  );
}
