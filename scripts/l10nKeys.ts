// The runtime strings' keys, read from the source, and how each language's files cover them. Shared by
// `npm run l10n` (scripts/l10n.ts) and the unit test (test/unit/l10nKeys.test.ts), so the two never differ.
//
// A key is the first argument of a call to `t(…)` or `<something>.t(…)` — `vscode.l10n.t`, the
// view-models' `Translate` (`t`, `l10n.t`, `words.t`) — or of `msg(…)`, the core's message that is
// translated where it is shown (`src/core/translate.ts`). @vscode/l10n-dev sees only `l10n.t` in files
// that import `vscode`; this reads the view-models' calls as well, and `npm run l10n -- export` checks
// that it finds every key l10n-dev finds.
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

export const ROOT = path.resolve(__dirname, '..');
export const L10N_DIR = path.join(ROOT, 'l10n');
export const ENGLISH_BUNDLE = path.join(L10N_DIR, 'bundle.l10n.json');

/** Files that pass a message on (`vscodeTranslate`, `translateMessage`): their calls take a variable, by design. */
const FORWARDERS = new Set(['src/platform/translate.ts', 'src/core/translate.ts']);

/** A translating call: `t(…)`, `x.t(…)`, `vscode.l10n.t(…)`, or the core's `msg(…)`. */
const TRANSLATING = /(^|\.)t$|^msg$/;

export interface Extracted {
  /** Every key, with the files (relative to the root) that use it. */
  keys: Map<string, string[]>;
  /** Translating calls whose message is not a text literal (`file:line code`): no tool can extract them. */
  unextractable: string[];
}

export function sourceFiles(dir = path.join(ROOT, 'src')): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => {
      const p = path.join(dir, e.name);
      return e.isDirectory() ? sourceFiles(p) : e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [p] : [];
    })
    .sort();
}

const isText = (n: ts.Node): n is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral => ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n);

/** Reads every key from the given files. */
export function extractKeys(files = sourceFiles()): Extracted {
  const keys = new Map<string, string[]>();
  const unextractable: string[] = [];
  for (const file of files) {
    const rel = path.relative(ROOT, file).split(path.sep).join('/');
    const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (n: ts.Node): void => {
      if (ts.isCallExpression(n) && TRANSLATING.test(n.expression.getText())) {
        const message = n.arguments[0];
        if (message && isText(message)) keys.set(message.text, [...(keys.get(message.text) ?? []), rel]);
        else if (!FORWARDERS.has(rel)) unextractable.push(`${rel}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1} ${n.getText().slice(0, 120)}`);
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return { keys, unextractable };
}

/** The English bundle for these keys: each key is its own English text, sorted so that merges rarely meet. */
export function englishBundle(keys: Iterable<string>): Record<string, string> {
  return Object.fromEntries([...keys].sort(compareKeys).map((k) => [k, k]));
}

export const compareKeys = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** `{0}`, `{1}`… of a message, each once, sorted. */
export const placeholders = (text: string): string[] => [...new Set(text.match(/\{\d+\}/g) ?? [])].sort();

/** Command links and settings links (`(command:…)`) of a manifest text: a translation keeps them all. */
export const links = (text: string): string[] => (text.match(/\(command:[^)\s]+\)/g) ?? []).sort();

export interface Coverage {
  /** Keys of the English file that the language lacks (or has empty). */
  missing: string[];
  /** Keys the language has that English no longer has. */
  stale: string[];
  /** Keys whose translation has other `{n}` placeholders (or command links) than the English. */
  mismatched: string[];
}

/** How a language's file covers the English one. */
export function coverage(english: Record<string, string>, language: Record<string, string>): Coverage {
  const has = (k: string) => typeof language[k] === 'string' && language[k].trim() !== '';
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  return {
    missing: Object.keys(english).filter((k) => !has(k)),
    stale: Object.keys(language).filter((k) => !(k in english)),
    mismatched: Object.keys(english).filter(
      (k) => has(k) && (!same(placeholders(english[k]!), placeholders(language[k]!)) || !same(links(english[k]!), links(language[k]!))),
    ),
  };
}

/**
 * Walkthrough pages a language's manifest names (`walkthrough.….media`: VS Code localizes every manifest
 * value, paths too) that do not exist, or that are the English page.
 */
export function missingMedia(english: Record<string, string>, language: Record<string, string>): string[] {
  return Object.keys(english)
    .filter((k) => k.endsWith('.media'))
    .filter((k) => !language[k] || language[k] === english[k] || !fs.existsSync(path.join(ROOT, language[k]!)))
    .map((k) => `${k}: ${language[k] ?? '(none)'}`);
}

/**
 * Runtime strings that name a command (“Hyperliquid: Set API Key”) but whose translation does not name
 * it as the language's palette shows it (package.nls.<lang>.json), as `key → expected words`.
 */
export function commandNameMismatches(
  english: { bundle: Record<string, string>; manifest: Record<string, string> },
  language: { bundle: Record<string, string>; manifest: Record<string, string> },
): string[] {
  const category = (m: Record<string, string>) => m['command.category'] ?? 'Hyperliquid';
  const titles = Object.keys(english.manifest).filter((k) => /^command\.\w+\.title$/.test(k) && language.manifest[k]);
  const bare = (title: string) => title.replace(/…$/, '');
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return Object.keys(english.bundle).flatMap((key) =>
    titles
      .filter((t) => new RegExp(`${escape(`${category(english.manifest)}: ${bare(english.manifest[t]!)}`)}(?![\\w ])`).test(key))
      .map((t) => `${category(language.manifest)}: ${bare(language.manifest[t]!)}`)
      .filter((expected) => language.bundle[key] && !language.bundle[key]!.includes(expected))
      .map((expected) => `${key} → ${expected}`),
  );
}

export function readJson(file: string): Record<string, string> {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>) : {};
}

/** The languages we ship: every `l10n/bundle.l10n.<lang>.json` and `package.nls.<lang>.json`. */
export function languages(): string[] {
  const found = new Set<string>();
  const add = (names: string[], pattern: RegExp) => names.forEach((f) => pattern.test(f) && found.add(f.replace(pattern, '$1')));
  add(fs.readdirSync(L10N_DIR), /^bundle\.l10n\.(.+)\.json$/);
  add(fs.readdirSync(ROOT), /^package\.nls\.(.+)\.json$/);
  return [...found].sort();
}

/** The two files of a language: runtime strings and manifest strings. */
export function languageFiles(lang: string): { bundle: string; manifest: string } {
  return { bundle: path.join(L10N_DIR, `bundle.l10n.${lang}.json`), manifest: path.join(ROOT, `package.nls.${lang}.json`) };
}

/** Writes a bundle as VS Code and l10n-dev write them: two-space JSON, a final newline. */
export function writeJson(file: string, value: Record<string, string>): void {
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}
