// The manifest and the runtime strings are translatable, and the partial German translation fits them:
// every manifest string is a %placeholder% with an English text, every translated key exists, keeps its
// {0} placeholders, and every runtime string shown through a vscode API goes through vscode.l10n.t.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..', '..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as Record<string, any>;
const manifest = readJson('package.json');
const english = readJson('package.nls.json') as Record<string, string>;
const german = readJson('package.nls.de.json') as Record<string, string>;
const germanBundle = readJson('l10n/bundle.l10n.de.json') as Record<string, string>;

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

/** `{0}`, `{1}`… in a message, sorted. */
const placeholders = (s: string) => (s.match(/\{\d+\}/g) ?? []).sort();

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
/** The core's parsers speak to the user too, through the `t` they are handed. */
const core = sourceFiles(path.join(ROOT, 'src', 'core')).map(parse);

function visit(node: ts.Node, each: (n: ts.Node) => void): void {
  each(node);
  ts.forEachChild(node, (c) => visit(c, each));
}

const isText = (n: ts.Node): n is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral => ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n);
/** `vscode.l10n.t(…)`, `l10n.t(…)` or a local `t(…)` wrapper of it. */
const isTranslateCall = (n: ts.Node): n is ts.CallExpression => ts.isCallExpression(n) && /(^|\.)t$/.test(n.expression.getText());

/** Every message passed to l10n.t in the UI sources, or to a `t` in the core. */
function runtimeMessages(): Set<string> {
  const found = new Set<string>();
  for (const sf of [...parsed, ...core]) {
    visit(sf, (n) => {
      if (isTranslateCall(n) && n.arguments[0] && isText(n.arguments[0])) found.add(n.arguments[0].text);
    });
  }
  return found;
}

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

  it('the German manifest translation covers only existing keys, with texts that differ from the English', () => {
    assert.ok(Object.keys(german).length >= 5, 'a handful of German manifest strings');
    for (const [key, text] of Object.entries(german)) {
      assert.ok(key in english, `package.nls.de.json has "${key}", which package.nls.json does not`);
      assert.ok(text.trim() && text !== english[key], `"${key}" is not translated`);
    }
  });

  it('every German runtime string translates a message the code passes to vscode.l10n.t, keeping its {n} placeholders', () => {
    const messages = runtimeMessages();
    assert.ok(messages.size > 50, `found only ${messages.size} l10n.t messages: is the scan right?`);
    assert.ok(Object.keys(germanBundle).length >= 5, 'a handful of German runtime strings');
    for (const [message, text] of Object.entries(germanBundle)) {
      assert.ok(messages.has(message), `l10n/bundle.l10n.de.json translates "${message}", which no l10n.t call uses`);
      assert.ok(text.trim() && text !== message, `"${message}" is not translated`);
      assert.deepEqual(placeholders(text), placeholders(message), `placeholders of "${message}"`);
    }
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
      const media = step.media.markdown ?? step.media.svg ?? step.media.image;
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
