// Every string is translated: the keys the source uses are the English bundle's, and German and Chinese
// cover them all, runtime strings and manifest alike, with the same {0} placeholders and command links.
// When one fails: `npm run l10n:export` regenerates the English bundle, `npm run l10n:missing` lists what
// each language lacks with its English text.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { l10nDevKeys } from '../../scripts/l10n';
import { ENGLISH_BUNDLE, ROOT, commandNameMismatches, coverage, extractKeys, languageFiles, languages, missingMedia, readJson } from '../../scripts/l10nKeys';

/** The languages the extension ships, besides English; a new file in l10n/ adds its language to the checks. */
const REQUIRED = ['de', 'zh-cn'];

describe('l10n keys (scripts/l10nKeys.ts)', () => {
  const extracted = extractKeys();
  const english = readJson(ENGLISH_BUNDLE);
  const manifest = readJson(path.join(ROOT, 'package.nls.json'));

  it('reads the view-models’ Translate calls and the core’s msg() as well as vscode.l10n.t', () => {
    const used = (key: string, file: string) => extracted.keys.get(key)?.includes(file);
    assert.ok(used('The API key is empty.', 'src/core/endpoints.ts'), 'msg() in the core');
    assert.ok(used('Transactions: {0}', 'src/hover/blockHoverContent.ts'), 't() in a pure view-model');
    assert.ok(used('Open Latest Block', 'src/blocks/labels.ts'), 'l10n.t() in the pages’ labels');
    assert.ok(used('Set API Key', 'src/platform/apiKeyActions.ts'), 'vscode.l10n.t()');
  });

  it('every translating call has a text literal for its message, so tools can extract it', () => {
    assert.deepEqual(extracted.unextractable, [], "write t('…', arg) with the text in the call, not a variable");
  });

  it('l10n/bundle.l10n.json holds exactly the keys the source uses (npm run l10n:export)', () => {
    const missing = [...extracted.keys.keys()].filter((k) => !(k in english));
    const unused = Object.keys(english).filter((k) => !extracted.keys.has(k));
    assert.deepEqual(missing, [], `used in the source but not in l10n/bundle.l10n.json: run npm run l10n:export`);
    assert.deepEqual(unused, [], `in l10n/bundle.l10n.json but no longer used: run npm run l10n:export`);
    assert.ok(
      Object.entries(english).every(([k, v]) => k === v),
      'English texts are their own keys',
    );
  });

  it('finds every key @vscode/l10n-dev extracts', async function () {
    this.timeout(120_000); // the tool parses every file with tree-sitter (WebAssembly)
    const theirs = await l10nDevKeys();
    assert.ok(theirs.length > 100, `l10n-dev found only ${theirs.length} keys`);
    assert.deepEqual(
      theirs.filter((k) => !extracted.keys.has(k)),
      [],
    );
  });

  it('ships German and Simplified Chinese', () => {
    for (const lang of REQUIRED) assert.ok(languages().includes(lang), `no l10n/bundle.l10n.${lang}.json or package.nls.${lang}.json`);
  });

  for (const lang of [...new Set([...REQUIRED, ...languages()])]) {
    describe(lang, () => {
      const files = languageFiles(lang);
      const runtime = coverage(english, readJson(files.bundle));
      const shown = coverage(manifest, readJson(files.manifest));
      const hint = `npm run l10n:missing ${lang} lists them with their English`;

      it(`translates every runtime string (l10n/bundle.l10n.${lang}.json)`, () => {
        assert.deepEqual(runtime.missing, [], `${runtime.missing.length} keys untranslated: ${hint}`);
        assert.deepEqual(runtime.stale, [], 'keys English no longer has');
      });

      it('keeps every {0} placeholder of the runtime strings', () => {
        assert.deepEqual(runtime.mismatched, []);
      });

      it(`translates every manifest string (package.nls.${lang}.json)`, () => {
        assert.deepEqual(shown.missing, [], `${shown.missing.length} keys untranslated: ${hint}`);
        assert.deepEqual(shown.stale, [], 'keys package.nls.json no longer has');
        assert.deepEqual(shown.mismatched, [], 'command links differ from the English');
      });

      it('names commands as its Command Palette shows them', () => {
        const mine = { bundle: readJson(files.bundle), manifest: readJson(files.manifest) };
        assert.deepEqual(commandNameMismatches({ bundle: english, manifest }, mine), []);
      });

      it(`has its own walkthrough pages (media/walkthrough/${lang}/)`, () => {
        assert.deepEqual(missingMedia(manifest, readJson(files.manifest)), []);
      });
    });
  }
});
