import type { FieldMetaState } from 'react-final-form';

/** What to show under a field: its validation message once touched, else the server's since the last submit. */
export function fieldError(meta: FieldMetaState<unknown>): string | undefined {
  if (!meta.touched) return undefined;
  if (meta.error) return String(meta.error);
  if (meta.submitError && !meta.dirtySinceLastSubmit) return String(meta.submitError);
  return undefined;
}
