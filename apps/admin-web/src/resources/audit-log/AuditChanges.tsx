import Box from '@mui/material/Box';
import { useRecordContext } from 'react-admin';
import { formatDateTime, humanise } from '../../format';
import type { AuditRecord } from './types';

/** How many characters of a value the list shows; the row opens to show it whole. */
const SHORT_VALUE = 60;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** `discountValue` → 'Discount value': the label of a field without one of its own. */
const fieldLabel = (field: string) => humanise(field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase());

/**
 * A logged value as text: '–' for none, a moment in UAE time, a list item by item ('1. Copy the code; 2. Paste
 * it'). A secret reads as the service masked it.
 */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return ISO_TIME.test(value) ? formatDateTime(value) || value : value;
  if (Array.isArray(value)) return value.map(auditValueText).join('; ');
  if (typeof value === 'object') return Object.values(value).map(auditValueText).join('. ');
  return String(value);
}

const shortened = (text: string) => (text.length > SHORT_VALUE ? `${text.slice(0, SHORT_VALUE - 1)}…` : text);

export interface AuditChangesProps {
  /** labels of the fields a log's rows change, where the field's name reads badly */
  fields?: Record<string, string>;
  /** cut long values (the list); the opened row shows them whole */
  short?: boolean;
}

/** What a row changed: the status move ('Pending → Rejected'), then one line per field ('Title: Old → New'). */
export function AuditChanges({ fields = {}, short = false }: AuditChangesProps) {
  const record = useRecordContext<AuditRecord>();
  if (!record) return null;
  const text = (value: unknown) => (short ? shortened(auditValueText(value)) : auditValueText(value));
  const lines = Object.entries(record.changes ?? {}).map(
    ([field, { from, to }]) => `${fields[field] ?? fieldLabel(field)}: ${text(from)} → ${text(to)}`,
  );
  if (record.fromStatus || record.toStatus)
    lines.unshift(`${humanise(record.fromStatus ?? '–')} → ${humanise(record.toStatus ?? '–')}`);
  if (!lines.length) return null;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', overflowWrap: 'anywhere' }}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </Box>
  );
}
