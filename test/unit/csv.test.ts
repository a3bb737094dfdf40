// CSV as RFC 4180 writes it, read back by a reader written apart (test/support/csvParse.ts).
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { csvField, toCsv } from '../../src/view/csv';
import { parseCsv } from '../support/csvParse';

describe('csv', () => {
  it('quotes what must be quoted, doubles quotes, ends each record with CRLF', () => {
    assert.equal(
      toCsv(
        ['a', 'b'],
        [
          ['1,5', 'say "hi"'],
          ['x\ny', ''],
        ],
      ),
      'a,b\r\n"1,5","say ""hi"""\r\n"x\ny",\r\n',
    );
  });

  it('defuses a text field a spreadsheet would run as a formula, never a number', () => {
    assert.equal(csvField('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
    assert.equal(csvField('@SUM(A1)'), `'@SUM(A1)`);
    assert.equal(csvField('-12.5'), '-12.5');
    assert.equal(csvField('<b>PURR</b>'), '<b>PURR</b>');
  });

  it('round trip: any header and records parse back to themselves (a formula-like text with its leading quote)', () => {
    const expected = (f: string) => (/^[=+\-@\t\r]/.test(f) && !/^-?\d+(\.\d+)?$/.test(f) ? `'${f}` : f);
    const field = fc.string({ unit: fc.constantFrom('a', 'Z', '0', '.', ',', '"', '\r', '\n', ' ', '€', "'", '=', '-') });
    fc.assert(
      fc.property(
        fc.array(field, { minLength: 1, maxLength: 5 }),
        fc.array(fc.array(field, { minLength: 1, maxLength: 5 }), { maxLength: 5 }),
        (header, rows) => {
          const width = header.length;
          const records = rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
          assert.deepEqual(
            parseCsv(toCsv(header, records)),
            [header, ...records].map((r) => r.map(expected)),
          );
        },
      ),
    );
  });
});
