/** An RFC 4180 reader written apart from `src/view/csv.ts`, so a round trip checks the writer against the standard, not itself. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (c === '"') {
        quoted = false;
        i += 1;
      } else {
        field += c;
        i += 1;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
      i += 1;
    } else if (c === ',') {
      record.push(field);
      field = '';
      i += 1;
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else {
      if (c === '\n' || c === '\r') throw new Error(`a bare line break at ${i}: records end with CRLF`);
      field += c;
      i += 1;
    }
  }
  if (field !== '' || record.length) throw new Error('the last record does not end with CRLF');
  return records;
}
