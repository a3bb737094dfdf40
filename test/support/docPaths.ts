/**
 * What the docs and the comments name in the repository (test/unit/docPaths.test.ts, issue 33), so that a
 * renamed or deleted file cannot stay cited:
 * - repository paths: `src/…`, `test/…`, `docs/…`, `bench/…`, `scripts/…`, `media/…`, `l10n/…` ending in a
 *   file extension or a slash; a glob (`test/ui/*.test.ts`, `l10n/bundle.l10n.<lang>.json`) must match a
 *   file; an `#anchor` into one of our Markdown files must be one of its headings (`docs/FACTS.md#hyperevm`);
 * - in the Markdown, relative links `[x](path)`, resolved against the file's folder, and `[x](#anchor)`;
 * - in comments, a source file named short (`settings.ts`, `hyperCore/hyperCoreParts.ts`, `api.ts`) must be the
 *   end of some file's path;
 * - nothing may point outside the repository for the domain facts (the shared folder beside the
 *   repository, its notes file): they live in docs/FACTS.md.
 * Not ours, so not checked: a path written with its repository (`nktkas/hyperliquid src/api/…`,
 * `owner/repo:path`, `repo @ commit : path`, a URL), a path after `/`, `.`, `:` or `@` (`out/test/x.js`),
 * quoted values in examples (`'sample.ts'`), Solidity sources (a developer's project: the repository has
 * none), build output and installed or ignored folders (dist/, out/, .vscode-test/, test-results/,
 * node_modules/).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

/** Generated, installed or git-ignored: never walked, and a path into them is not checked. */
export const IGNORED_DIRS = new Set(['.git', 'node_modules', 'dist', 'out', '.vscode-test', 'test-results']);
const ROOTS = ['src', 'test', 'docs', 'bench', 'scripts', 'media', 'l10n'];
const CODE_ROOTS = ['src', 'test', 'bench', 'scripts'];
const CODE = /\.(ts|mts|cts|js|mjs|cjs)$/;
/** Files of another project: the extension reads a developer's Foundry and Hardhat projects. */
const FOREIGN = /\.sol$/;

/** Every file and folder of the work tree, relative, with `/` separators (folders end in `/`). */
export function workTree(root = ROOT): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      if (IGNORED_DIRS.has(entry.name)) continue;
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        out.push(`${child}/`);
        walk(child);
      } else out.push(child);
    }
  };
  walk('');
  return out;
}

/** The Markdown that documents the project (CHANGELOG.md records history: it may name what is gone). */
export function markdownFiles(tree: readonly string[]): string[] {
  return tree.filter(
    (f) =>
      f === 'README.md' ||
      f === 'CONTRIBUTING.md' ||
      (f.startsWith('docs/') && f.endsWith('.md')) ||
      (f.startsWith('test/') && f.endsWith('/README.md')) ||
      f === 'test/fixtures/SOURCES.md',
  );
}

export function codeFiles(tree: readonly string[]): string[] {
  return tree.filter((f) => (CODE_ROOTS.some((r) => f.startsWith(`${r}/`)) && CODE.test(f)) || f === 'esbuild.mjs' || f === 'eslint.config.mjs');
}

/** Words after which a `/` starts a regular expression, not a division. */
const BEFORE_REGEX = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await']);

const WORD = /[\w$]/;
const WORD_RUN = /[\w$]+/y;

/**
 * The comments of a TypeScript or JavaScript file with the line each starts on: a small lexer that steps
 * over strings, templates (with their `${…}`, nested) and regular expressions (a `/` after an operator or
 * a keyword, not after a name, a number or a closing bracket). TypeScript's parser would be exact but takes
 * seconds for the whole tree; the unit test compares the two on a sample written to trip a lexer.
 */
export function comments(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  const braces: boolean[] = []; // for each open `{`: true when it opened a template's `${`
  let line = 1;
  let last = ''; // the last significant character, or the last word
  const skipString = (i: number, quote: string): number => {
    for (let j = i + 1; j < text.length; j++) {
      if (text[j] === '\\') j++;
      else if (text[j] === quote) return j;
      else if (text[j] === '\n' && quote !== '`') return j;
      else if (quote === '`' && text[j] === '$' && text[j + 1] === '{') {
        braces.push(true);
        return j + 1;
      }
    }
    return text.length;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') {
      line++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') continue;
    if (c === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) {
      const close = text[i + 1] === '/' ? text.indexOf('\n', i) : text.indexOf('*/', i + 2);
      const end = close < 0 ? text.length : text[i + 1] === '/' ? close : close + 2;
      out.push({ line, text: text.slice(i, end) });
      for (let j = i; j < end; j++) if (text[j] === '\n') line++;
      i = end - 1;
      continue;
    }
    let end = i;
    if (c === '"' || c === "'" || c === '`') end = skipString(i, c);
    else if (c === '}' && braces.pop() === true) end = skipString(i, '`');
    else if (c === '{') braces.push(false);
    else if (c === '/' && !(/[\w$)\]}]/.test(last) && !BEFORE_REGEX.has(last))) {
      let inClass = false;
      for (end = i + 1; end < text.length && text[end] !== '\n'; end++) {
        if (text[end] === '\\') end++;
        else if (text[end] === '[') inClass = true;
        else if (text[end] === ']') inClass = false;
        else if (text[end] === '/' && !inClass) break;
      }
    } else if (WORD.test(c)) {
      WORD_RUN.lastIndex = i;
      WORD_RUN.test(text);
      last = text.slice(i, WORD_RUN.lastIndex);
      i = WORD_RUN.lastIndex - 1;
      continue;
    }
    for (let j = i; j < end; j++) if (text[j] === '\n') line++;
    last = c === '"' || c === "'" || c === '`' || (c === '/' && end > i) ? 'x' : c;
    if (c === '}' && end > i) last = 'x';
    if (text[end] === '{' && end > i) last = '{'; // a template's `${`
    i = end;
  }
  return out;
}

/** Written with its repository just before: `owner/repo `, `owner/repo:`, `owner/repo @ 1a2b3c4 : `. */
function afterForeignRepo(before: string): boolean {
  const m = /(?:^|[\s([`'"])([A-Za-z0-9][\w.-]*)\/[\w.-]+(?:\s*@\s*[0-9a-f]{7,40})?[\s`]*:?[\s`]*$/.exec(before);
  return m !== null && !ROOTS.includes(m[1]);
}

/** A `<name>` placeholder stands for any one name, as a glob's `*` does. */
const SEGMENT = String.raw`(?:[\w.\-*{},@+]|<[\w-]+>)`;

const PATH = new RegExp(String.raw`(?<![\w./:@\-\\$])(?:${ROOTS.join('|')})/(?:${SEGMENT}|/)*(?:#[\w-]+)?`, 'g');

/**
 * Repository paths in a line: a root folder at the start of a token (not after a word character, `/`, `.`,
 * `:`, `@` or `-`), ending in an extension or a slash, with an optional `#anchor`.
 */
export function pathTokens(line: string): string[] {
  const out: string[] = [];
  if (!ROOTS.some((r) => line.includes(`${r}/`))) return out;
  for (const m of line.matchAll(PATH)) {
    const token = m[0].replace(/[.,]+(?=#|$)/, '').replace(/,$/, ''); // a sentence's full stop or comma
    const [file] = token.split('#');
    if (!(file.endsWith('/') || /\.[A-Za-z0-9]+$/.test(file)) || FOREIGN.test(file)) continue;
    if (afterForeignRepo(line.slice(0, m.index))) continue;
    out.push(token);
  }
  return out;
}

/** Source files named short in a comment: `settings.ts`, `hyperCore/hyperCoreParts.ts` (not quoted values). */
export function shortNames(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/(?<![\w./:@\-\\$*'"<])((?:[\w-]+\/)*[\w-]+(?:\.[\w-]+)*\.(?:ts|mts|cts|mjs|cjs))(?![\w/'"(-])/g)) {
    const name = m[1];
    if (ROOTS.includes(name.split('/')[0]) || IGNORED_DIRS.has(name.split('/')[0])) continue;
    if (afterForeignRepo(line.slice(0, m.index))) continue;
    out.push(name);
  }
  return out;
}

/** Relative Markdown links `[x](path)` and `[x](path#anchor)`, resolved against the file's folder. */
export function markdownLinks(line: string, file: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = m[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    const [rel, anchor] = target.split('#');
    const resolved = rel === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(rel)));
    out.push(anchor === undefined ? resolved : `${resolved}#${anchor}`);
  }
  return out;
}

/** GitHub's anchor for a Markdown heading: lower case, punctuation dropped, each space a hyphen. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (a repeated heading gets `-1`, `-2`, as on GitHub). */
export function anchors(markdown: string): Set<string> {
  const out = new Set<string>();
  const counts = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]);
    const n = counts.get(base) ?? 0;
    counts.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** A glob (`*`, `**`, `{a,b}`, `<name>`) as a regular expression over work-tree paths. */
export function globRegExp(glob: string): RegExp {
  let re = '';
  const g = glob.replace(/<[\w-]+>/g, '*');
  for (let i = 0; i < g.length; i++) {
    const c = g[i];
    if (c === '*' && g[i + 1] === '*') {
      const slash = g[i + 2] === '/';
      re += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '{') re += '(?:';
    else if (c === '}') re += ')';
    else if (c === ',') re += '|';
    else re += c.replace(/[.+?^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}/?$`);
}

export interface Finding {
  where: string;
  problem: string;
}

/** What a tree's docs and comments name that is not there, and every pointer outside the repository. */
export function stalePaths(tree: readonly string[], read: (file: string) => string): Finding[] {
  const present = new Set(tree);
  const findings: Finding[] = [];
  const check = (where: string, token: string) => {
    const [file, anchor] = token.split('#');
    if (IGNORED_DIRS.has(file.split('/')[0])) return;
    if (/[*{<]/.test(file)) {
      const re = globRegExp(file);
      if (!tree.some((f) => re.test(f))) findings.push({ where, problem: `${token}: the pattern matches no file` });
      return;
    }
    if (!present.has(file) && !present.has(`${file}/`)) {
      findings.push({ where, problem: `${token}: no such file` });
      return;
    }
    if (anchor !== undefined && file.endsWith('.md') && !anchors(read(file)).has(anchor.toLowerCase())) {
      findings.push({ where, problem: `${token}: ${file} has no heading with that anchor` });
    }
  };
  const checkShort = (where: string, name: string) => {
    if (!tree.some((f) => f === name || f.endsWith(`/${name}`))) findings.push({ where, problem: `${name}: no file by that name` });
  };
  const outside = (where: string, line: string) => {
    if (/\.\.\/shared\/|\bDOMAIN\b|\/work\/shared\b/.test(line)) {
      findings.push({ where, problem: 'points outside the repository (cite docs/FACTS.md instead)' });
    }
  };
  for (const file of markdownFiles(tree)) {
    read(file)
      .split('\n')
      .forEach((line, i) => {
        const where = `${file}:${i + 1}`;
        for (const token of new Set([...pathTokens(line), ...markdownLinks(line, file)])) check(where, token);
        if (file !== 'docs/FACTS.md') outside(where, line);
      });
  }
  for (const file of codeFiles(tree)) {
    for (const comment of comments(read(file))) {
      comment.text.split('\n').forEach((line, i) => {
        const where = `${file}:${comment.line + i}`;
        for (const token of new Set(pathTokens(line))) check(where, token);
        for (const name of new Set(shortNames(line))) checkShort(where, name);
        outside(where, line);
      });
    }
  }
  return findings;
}
