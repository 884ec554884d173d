import { discountCode, ruleText } from '@tullab/contracts';

/** One code of a CSV file and the line (1-based) it is on. */
export interface CsvCode {
  line: number;
  value: string;
}

/** A CSV of codes read line by line, every problem kept with its line. */
export interface CodesCsv {
  /** the valid codes, each once, in the file's order */
  codes: CsvCode[];
  /** lines whose code is malformed (the first column, as written) */
  invalid: Array<CsvCode & { message: string }>;
  /** lines repeating a code an earlier line has */
  repeated: CsvCode[];
}

/**
 * Reads a CSV of codes: the first column of each line, trimmed and unquoted; blank lines and a `code` header skipped.
 * Shared by the staff import (which takes the first problem as its answer) and the merchant upload (which names them
 * all, decision 016).
 */
export function readCodesCsv(csv: string): CodesCsv {
  const seen = new Set<string>();
  const read: CodesCsv = { codes: [], invalid: [], repeated: [] };
  csv.split(/\r?\n/).forEach((text, index) => {
    const line = index + 1;
    const cell = text
      .split(',')[0]
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (!cell || (index === 0 && cell.toLowerCase() === 'code')) return;
    const parsed = discountCode.safeParse(cell);
    if (!parsed.success) {
      read.invalid.push({ line, value: cell, message: ruleText(parsed.error.issues[0].message) });
    } else if (seen.has(parsed.data)) {
      read.repeated.push({ line, value: parsed.data });
    } else {
      seen.add(parsed.data);
      read.codes.push({ line, value: parsed.data });
    }
  });
  return read;
}
