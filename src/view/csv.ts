/**
 * CSV as RFC 4180 writes it: fields separated by commas, records by CRLF, a field quoted when it holds a
 * comma, a quote, a CR or an LF (its quotes doubled). Values are written as given: exact decimal strings
 * and ISO times stay exactly what the page shows. A field that a spreadsheet would run as a formula
 * (`=`, `+`, `-`, `@`, tab, CR first) and that is not a number gets a leading `'` (OWASP's CSV injection
 * advice): names and methods come from the network. Pure: no `vscode`, no DOM.
 */

/** One field as RFC 4180 writes it. */
export function csvField(value: string | number | bigint | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header and its records as one CSV text, each record ended by CRLF. */
export function toCsv(header: readonly string[], records: Iterable<readonly (string | number | bigint | null | undefined)[]>): string {
  const lines = [header.map(csvField).join(',')];
  for (const r of records) lines.push(r.map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Reads CSV text back into records (RFC 4180; for tests and round trips). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}
