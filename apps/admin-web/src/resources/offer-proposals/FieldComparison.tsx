import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDateTime } from '../../format';
import { ARABIC } from '../offers/Bilingual';
import { categoryLabels, discountTypeLabels, offerTypeLabels, type OfferRecord } from '../offers/types';
import { proposalFieldLabels, type ProposedFields } from './types';

type Field = keyof ProposedFields;

const labelled: Partial<Record<Field, Record<string, string>>> = {
  businessCategory: categoryLabels,
  offerType: offerTypeLabels,
  discountType: discountTypeLabels,
};

/** A field's value as text: '–' for none, the steps of a guide numbered one a line, a date in UAE time. */
export function fieldText(field: Field, value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (Array.isArray(value))
    return value.length
      ? value.map((step: { instruction: string }, i) => `${i + 1}. ${step.instruction}`).join('\n')
      : '–';
  if (field === 'expiresAt') return formatDateTime(String(value));
  return labelled[field]?.[String(value)] ?? String(value);
}

function Value({ field, text }: { field: Field; text: string }) {
  const arabic = field.endsWith('Ar') && text !== '–';
  return (
    <Box component="span" {...(arabic ? ARABIC : {})} sx={{ display: 'block', whiteSpace: 'pre-wrap' }}>
      {text}
    </Box>
  );
}

export interface FieldComparisonProps {
  fields: ProposedFields;
  /** the offer an edit would change, side by side with what is proposed; absent for a new offer */
  current?: OfferRecord;
}

/**
 * The proposed fields, and for an edit the offer's current values beside them, the changed ones marked (in words,
 * so colour is never the only cue).
 */
export function FieldComparison({ fields, current }: FieldComparisonProps) {
  return (
    <Table size="small" aria-label={current ? 'Current and proposed values' : 'Proposed values'}>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            Field
          </TableCell>
          {current ? (
            <TableCell component="th" scope="col">
              Current offer
            </TableCell>
          ) : null}
          <TableCell component="th" scope="col">
            Proposed
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {proposalFieldLabels.map(([field, label]) => {
          const proposed = fieldText(field, fields[field]);
          const now = current ? fieldText(field, current[field]) : null;
          const changed = now !== null && now !== proposed;
          return (
            <TableRow key={field} selected={changed}>
              <TableCell component="th" scope="row" sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                {label}
                {changed ? <Chip size="small" color="warning" label="Changed" sx={{ ml: 1 }} /> : null}
              </TableCell>
              {now !== null ? (
                <TableCell sx={{ verticalAlign: 'top' }}>
                  <Value field={field} text={now} />
                </TableCell>
              ) : null}
              <TableCell sx={{ verticalAlign: 'top', fontWeight: changed ? 'bold' : undefined }}>
                <Value field={field} text={proposed} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
