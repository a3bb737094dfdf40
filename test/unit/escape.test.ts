// Issue 13, finding 7: bidirectional overrides and zero-width characters from the network are shown as
// visible escapes wherever node text is shown: the one function, Markdown (hovers and tooltips), and the
// block page's view-model.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { extraDataOf } from '../../src/blocks/blockViewModel';
import { errorHoverContent } from '../../src/hover/blockHoverContent';
import { hoverMarkdown } from '../../src/hover/hoverContent';
import { escapeMarkdown, revealInvisibles } from '../../src/view/escape';

const INVISIBLE = /[\p{Cf}\u2028\u2029\u115f\u1160\u3164\uffa0]|\u034f/u;
const SPOOFERS = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\u00ad',
  '\u180e',
  '\u2028',
  '\u3164',
  '\u{e0041}',
];

describe('revealInvisibles (issue 13, finding 7)', () => {
  it('shows each bidirectional override, isolate, mark and zero-width character as [U+XXXX]', () => {
    assert.equal(revealInvisibles('\u202eCDSU'), '[U+202E]CDSU');
    assert.equal(revealInvisibles('B\u200bTC'), 'B[U+200B]TC');
    assert.equal(revealInvisibles('tag\u{e0041}'), 'tag[U+E0041]');
    for (const c of SPOOFERS) assert.match(revealInvisibles(`a${c}b`), /^a\[U\+[0-9A-F]{4,5}\]b$/, JSON.stringify(c));
  });

  it('leaves no invisible character, and changes nothing else (property)', () => {
    const text = fc.string({ unit: fc.oneof(fc.constantFrom(...SPOOFERS), fc.string({ unit: 'grapheme', maxLength: 1 })), maxLength: 40 });
    fc.assert(
      fc.property(text, (t) => {
        const shown = revealInvisibles(t);
        assert.ok(!INVISIBLE.test(shown), JSON.stringify(shown));
        // Undoing the escapes gives the text back: nothing else was touched.
        assert.equal(
          shown.replace(/\[U\+([0-9A-F]{4,5})\]/g, (_m, h: string) => String.fromCodePoint(parseInt(h, 16))),
          t.replace(/\[U\+([0-9A-F]{4,5})\]/g, (_m, h: string) => String.fromCodePoint(parseInt(h, 16))),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('printable text, emoji without joiners and non-Latin scripts pass unchanged', () => {
    for (const t of ['BTC', 'kPEPE', '@107', 'xyz:TSLA', 'ХАЙП', 'مرحبا', '比特币', '🚀', 'café']) assert.equal(revealInvisibles(t), t);
  });

  it('Markdown for hovers and tooltips reveals them too, escaped as text', () => {
    const md = escapeMarkdown('\u202eCDSU');
    assert.ok(!INVISIBLE.test(md));
    assert.equal(md, '\\[U\\+202E\\]CDSU');
  });

  it('a hover with a provider’s message holding them shows escapes', () => {
    const md = hoverMarkdown(
      errorHoverContent(6705, 'node says \u202eyrtne\u200b', (s: string, ...a: unknown[]) => s.replace(/\{(\d+)\}/g, (_m, i: string) => String(a[Number(i)]))),
    );
    assert.ok(!INVISIBLE.test(md), JSON.stringify(md));
    assert.match(md, /\\\[U\\\+202E\\\]yrtne/);
  });

  it('the block page’s extraData shows them as escapes', () => {
    const raw = { block: { extraData: 'miner\u202e1234\u200b' } };
    assert.equal(extraDataOf(raw), 'miner[U+202E]1234[U+200B]');
  });
});
