/**
 * CSV as RFC 4180 writes it: fields separated by commas, records by CRLF, a field quoted when it holds a
 * comma, a quote, CR or LF, and a quote inside doubled. A text field a spreadsheet would run as a formula
 * (it starts with `=`, `+`, `-`, `@`, a tab or CR, and is not a number) gets a leading `'` (OWASP, CSV
 * injection): the data is the network's, not ours. Numbers stay as they are. Pure.
 */

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** One field as it goes in a record. */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) && !NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A header and its records, each line ended with CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [header, ...rows].map((r) => r.map(csvField).join(','));
  return lines.map((l) => `${l}\r\n`).join('');
}
