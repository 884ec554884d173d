import { defaultExporter, type Exporter } from 'react-admin';

/** What a spreadsheet would read as a formula at the start of a cell (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A value as a CSV cell may safely hold it: a text that starts like a formula gets a leading apostrophe, which
 * spreadsheets show as text; nested objects and lists are made safe through and through.
 */
export function spreadsheetSafe(value: unknown): unknown {
  if (typeof value === 'string') return FORMULA_START.test(value) ? `'${value}` : value;
  if (Array.isArray(value)) return value.map(spreadsheetSafe);
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, spreadsheetSafe(inner)]));
  return value;
}

/**
 * The CSV export of every list (issue "Abuse-proof" point 6): react-admin's own, with every cell made
 * spreadsheet-safe first, since merchant applications, contact messages and sign-ups are typed by anyone.
 */
export const spreadsheetSafeExporter: Exporter = (records, fetchRelatedRecords, dataProvider, resource) =>
  defaultExporter(records.map(spreadsheetSafe), fetchRelatedRecords, dataProvider, resource);
