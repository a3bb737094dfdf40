// Every path a doc or a comment names exists in the work tree, and the domain facts are cited from
// docs/FACTS.md, never from outside the repository (issue 33). The rules are test/support/docPaths.ts's.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { ROOT, comments, globRegExp, pathTokens, shortNames, slug, stalePaths, workTree } from '../support/docPaths';

/** The comments TypeScript's parser attaches to the tokens, in order (the lexer's reference; slow). */
function typeScriptComments(text: string): { line: number; text: string }[] {
  const source = ts.createSourceFile('file.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found = new Map<number, { line: number; text: string }>();
  const take = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) {
      const comment = text.slice(r.pos, r.end);
      if (!comment.startsWith('#!')) found.set(r.pos, { line: source.getLineAndCharacterOfPosition(r.pos).line + 1, text: comment });
    }
  };
  const visit = (node: ts.Node) => {
    take(ts.getLeadingCommentRanges(text, node.pos));
    take(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  take(ts.getLeadingCommentRanges(text, 0));
  visit(source);
  return [...found.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => c);
}

describe('paths named in docs and comments (issue 33)', () => {
  it('every path a doc or a comment names exists, and nothing points outside the repository', () => {
    const started = Date.now();
    const tree = workTree();
    const findings = stalePaths(tree, (f) => fs.readFileSync(path.join(ROOT, f), 'utf8'));
    const took = Date.now() - started;
    assert.deepEqual(
      findings.map((f) => `${f.where}: ${f.problem}`),
      [],
      'fix the doc or the comment (a path in another repository is written with it: owner/repo:path)',
    );
    assert.ok(!tree.some((f) => f.endsWith('.sol')), 'the repository now holds Solidity: src/…/*.sol paths can be ours, check them');
    assert.ok(took < 2000, `the scan took ${took} ms`);
  });

  it('finds the comments TypeScript finds, and nothing in strings, templates or regular expressions', () => {
    const sample = [
      '#!/usr/bin/env node',
      '// src/one.ts',
      'const a = \'// src/notAComment.ts\', q = "/* src/no.ts */"; /* src/two.ts */',
      'const b = `${a /* src/three.ts */}// src/inTemplate.ts ${`${"}"}` + `}`}`; // src/four.ts',
      'const r = /\\/\\/ src\\/regex.ts[/]/g.test(a) ? 1 / 2 : (a.length) / 2 / 1; // src/five.ts',
      'function f() {',
      '  return /* src/six.ts */ /[/*]/.source;',
      '  // src/seven.ts before the closing brace',
      '}',
      '/** src/eight.ts',
      ' * at the end */',
    ].join('\n');
    const ours = comments(sample);
    assert.deepEqual(
      ours.flatMap((c) => pathTokens(c.text)),
      ['src/one.ts', 'src/two.ts', 'src/three.ts', 'src/four.ts', 'src/five.ts', 'src/six.ts', 'src/seven.ts', 'src/eight.ts'],
    );
    // Real files dense with regular expressions and templates, read by TypeScript's parser as well.
    for (const [file, text] of [
      ['sample', sample],
      ...['src/hover/hoverToken.ts', 'src/view/escape.ts', 'test/ui/workbench.ts', 'esbuild.mjs', 'test/support/docPaths.ts'].map((f) => [
        f,
        fs.readFileSync(path.join(ROOT, f), 'utf8'),
      ]),
    ]) {
      assert.deepEqual(comments(text), typeScriptComments(text), file);
    }
  });

  it('reads a repository path only at the start of a token, with its glob, placeholder or anchor', () => {
    assert.deepEqual(
      pathTokens(
        'see src/core/x.ts, test/ui/*.test.ts, l10n/bundle.l10n.<lang>.json and docs/FACTS.md#hyperevm. Not ' +
          'nktkas/hyperliquid:src/api/a.ts, nktkas/hyperliquid `src/api/b.ts`, dzmbs/docs @ 24c1248 : docs/c.md, ' +
          'out/test/d.js, https://h.io/docs/e.md, .vscode-test/f.ts, test-results/g.json, src/Vault.sol, src/core',
      ),
      ['src/core/x.ts', 'test/ui/*.test.ts', 'l10n/bundle.l10n.<lang>.json', 'docs/FACTS.md#hyperevm'],
    );
    assert.deepEqual(pathTokens('folders: media/ and `l10n/`.'), ['media/', 'l10n/']);
    assert.deepEqual(shortNames("`settings.ts` and core/hyperCoreParts.ts, *Panel.ts, 'sample.ts', dist/x.js, src/y.ts, a.json"), [
      'settings.ts',
      'core/hyperCoreParts.ts',
    ]);
  });

  it('matches globs and placeholders against the tree, and anchors as GitHub writes them', () => {
    assert.ok(globRegExp('test/ui/*.test.ts').test('test/ui/a.test.ts'));
    assert.ok(!globRegExp('test/ui/*.test.ts').test('test/ui/deep/a.test.ts'));
    assert.ok(globRegExp('src/**/webview/').test('src/blocks/webview/'));
    assert.ok(globRegExp('l10n/bundle.l10n.<lang>.json').test('l10n/bundle.l10n.de.json'));
    assert.equal(slug('`spotClearinghouseState`: balances, no token (4th review)'), 'spotclearinghousestate-balances-no-token-4th-review');
  });

  it('reports a missing file, an empty glob, a missing anchor, a missing short name and a pointer outside', () => {
    const files: Record<string, string> = {
      'README.md': '# Title\n## Two words\n[ok](docs/A.md#two-words) [gone](docs/gone.md) [here](#local)\n',
      'docs/A.md': '# A\n## Two words\nSee ../shared/DOMAIN.md and test/unit/*.test.ts and [back](../README.md#title).\n',
      'src/x.ts': '// docs/A.md#two-words, docs/A.md#nope, src/y.ts, src/x.ts, x.ts, chainCheck.ts\nconst s = "src/z.ts"; // as DOMAIN: says\n',
    };
    const found = stalePaths(['README.md', 'docs/', 'docs/A.md', 'src/', 'src/x.ts'], (f) => files[f]).map((f) => `${f.where}: ${f.problem}`);
    assert.deepEqual(found, [
      'README.md:3: docs/gone.md: no such file',
      'README.md:3: README.md#local: README.md has no heading with that anchor',
      'docs/A.md:3: test/unit/*.test.ts: the pattern matches no file',
      'docs/A.md:3: points outside the repository (cite docs/FACTS.md instead)',
      'src/x.ts:1: docs/A.md#nope: docs/A.md has no heading with that anchor',
      'src/x.ts:1: src/y.ts: no such file',
      'src/x.ts:1: chainCheck.ts: no file by that name',
      'src/x.ts:2: points outside the repository (cite docs/FACTS.md instead)',
    ]);
  });
});
