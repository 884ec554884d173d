import { TextInput, type Validator } from 'react-admin';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ID_MESSAGE = 'Paste a whole id (36 characters)';

const wholeId: Validator = (value: unknown) =>
  value === null || value === undefined || value === '' || UUID.test(String(value).trim())
    ? undefined
    : ID_MESSAGE;

/**
 * A list filter on an id (a student, a record, an actor). The admin API refuses a partial id, so the filter applies
 * only once the id is whole (react-admin does not apply an invalid filter form).
 */
export function IdInput({ source, label }: { source: string; label: string }) {
  return (
    <TextInput source={source} label={label} validate={wholeId} parse={(value: string) => value.trim()} />
  );
}
