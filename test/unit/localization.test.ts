// The manifest and the runtime strings are translatable: every manifest string is a %placeholder% with an
// English text, and every runtime string shown through a vscode API goes through vscode.l10n.t. That each
// language translates them all is test/unit/l10nKeys.test.ts's part.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..', '..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as Record<string, any>;
const manifest = readJson('package.json');
const english = readJson('package.nls.json') as Record<string, string>;

/** Manifest fields a person reads (in the marketplace, the palette, the settings editor, views, the walkthrough). */
const SHOWN_FIELDS = new Set([
  'displayName',
  'description',
  'title',
  'category',
  'name',
  'contextualTitle',
  'contents',
  'markdownDescription',
  'patternErrorMessage',
  'deprecationMessage',
  'markdownDeprecationMessage',
  'altText',
]);

/** [json path, value] of every string under `SHOWN_FIELDS` in the manifest (the package's `name` is an id). */
function shownStrings(node: unknown, at = ''): [string, string][] {
  if (Array.isArray(node)) return node.flatMap((v, i) => shownStrings(v, `${at}[${i}]`));
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([k, v]): [string, string][] =>
    typeof v === 'string' ? (SHOWN_FIELDS.has(k) && `${at}.${k}` !== '.name' ? [[`${at}.${k}`, v]] : []) : shownStrings(v, `${at}.${k}`),
  );
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

/** Files with a user interface: everything but the core (no vscode) and the demo node (a server). */
const UI_SOURCES = sourceFiles(path.join(ROOT, 'src')).filter((f) => !/[\\/]src[\\/](core|demo)[\\/]/.test(f));
const parse = (f: string) => ts.createSourceFile(f, fs.readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true);
const parsed = UI_SOURCES.map(parse);
function visit(node: ts.Node, each: (n: ts.Node) => void): void {
  each(node);
  ts.forEachChild(node, (c) => visit(c, each));
}

const isText = (n: ts.Node): n is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral => ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n);

describe('Localization', () => {
  it('every manifest string a person reads is a %placeholder% with an English text in package.nls.json', () => {
    const strings = shownStrings(manifest);
    assert.ok(strings.length > 40, `found only ${strings.length} manifest strings: is the walk right?`);
    const raw = strings.filter(([, v]) => !/^%[\w.-]+%$/.test(v));
    assert.deepEqual(raw, [], 'manifest strings not in package.nls.json');
    const missing = strings.map(([, v]) => v.slice(1, -1)).filter((k) => typeof english[k] !== 'string' || english[k].trim() === '');
    assert.deepEqual(missing, [], 'placeholders without an English text');
  });

  it('package.nls.json has no unused keys', () => {
    const used = new Set(
      JSON.stringify(manifest)
        .match(/%[\w.-]+%/g)
        ?.map((p) => p.slice(1, -1)),
    );
    assert.deepEqual(
      Object.keys(english).filter((k) => !used.has(k)),
      [],
    );
  });

  it('no text literal reaches a notification, input box, quick pick, progress or tooltip without vscode.l10n.t', () => {
    const shownArguments = /^(show(Information|Warning|Error)Message|setStatusBarMessage)$/;
    const shownProperties = new Set(['title', 'prompt', 'placeHolder', 'placeholder', 'tooltip']);
    const words = /[A-Za-z]{2,}\s+[A-Za-z]{2,}/; // a sentence, not an id or a CSS class
    const offenders: string[] = [];
    const where = (sf: ts.SourceFile, n: ts.Node) => `${path.relative(ROOT, sf.fileName)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
    for (const sf of parsed) {
      visit(sf, (n) => {
        if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && shownArguments.test(n.expression.name.text)) {
          for (const arg of n.arguments)
            if ((isText(arg) || ts.isTemplateExpression(arg)) && words.test(arg.getText())) offenders.push(`${where(sf, arg)} ${arg.getText()}`);
        }
        const value = ts.isPropertyAssignment(n)
          ? n.initializer
          : ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken
            ? n.right
            : undefined;
        const name = ts.isPropertyAssignment(n) ? n.name.getText() : ts.isBinaryExpression(n) && ts.isPropertyAccessExpression(n.left) ? n.left.name.text : '';
        if (value && shownProperties.has(name) && (isText(value) || ts.isTemplateExpression(value)) && words.test(value.getText())) {
          offenders.push(`${where(sf, value)} ${name}: ${value.getText()}`);
        }
      });
    }
    assert.deepEqual(offenders, []);
  });
});

describe('Walkthrough', () => {
  const commands = new Set<string>(manifest.contributes.commands.map((c: { command: string }) => c.command));
  const walkthroughs = manifest.contributes.walkthroughs as {
    id: string;
    steps: { id: string; description: string; media: Record<string, string>; completionEvents: string[] }[];
  }[];

  it('has the getting-started walkthrough with five steps, each with existing media and a completion event', () => {
    const w = walkthroughs.find((x) => x.id === 'hyperliquidExplorer.gettingStarted');
    assert.ok(w);
    assert.deepEqual(
      w.steps.map((s) => s.id),
      ['provider', 'connect', 'lookUpBlock', 'watchWallet', 'hover'],
    );
    for (const step of w.steps) {
      // A %key% of package.nls.json: each language names its own page (VS Code localizes every manifest value).
      const named = step.media.markdown ?? step.media.svg ?? step.media.image;
      const media = named?.replace(/^%(.+)%$/, (_, key: string) => english[key] ?? named);
      assert.ok(media && fs.existsSync(path.join(ROOT, media)), `media of ${step.id}: ${media}`);
      assert.ok(step.completionEvents.length > 0, `${step.id} completes on something`);
    }
  });

  it('its buttons and completion events name the extension’s own commands (or the settings editor)', () => {
    for (const step of walkthroughs.flatMap((w) => w.steps)) {
      const text = english[step.description.slice(1, -1)];
      const linked = [...text.matchAll(/\(command:([\w.]+)/g)].map((m) => m[1]);
      assert.ok(linked.length > 0, `${step.id} has a button`);
      const onCommand = step.completionEvents.filter((e) => e.startsWith('onCommand:')).map((e) => e.slice('onCommand:'.length));
      for (const id of [...linked, ...onCommand]) {
        assert.ok(commands.has(id) || id === 'workbench.action.openSettings', `${step.id} names an unknown command ${id}`);
      }
      // A button's own command completes the step.
      assert.ok(
        linked.some((id) => onCommand.includes(id)),
        `${step.id}: no button completes it`,
      );
    }
  });

  it('the extension icon is a 128×128 PNG', () => {
    const png = fs.readFileSync(path.join(ROOT, manifest.icon));
    assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
    assert.equal(png.readUInt32BE(16), 128);
    assert.equal(png.readUInt32BE(20), 128);
  });
});
