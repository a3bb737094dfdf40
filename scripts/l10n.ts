// `npm run l10n:export`: regenerates l10n/bundle.l10n.json (the English runtime strings) from the source.
// `npm run l10n:missing [-- de zh-cn] [-- --json]`: what each language still lacks, to translate before a
// merge: keys missing from its l10n/bundle.l10n.<lang>.json and package.nls.<lang>.json, keys English no
// longer has, and translations whose {0} placeholders or command links differ. Exits 1 if anything is off.
// The keys are read as scripts/l10nKeys.ts says; test/unit/l10nKeys.test.ts fails on the same findings.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { getL10nJson } from '@vscode/l10n-dev';
import {
  ENGLISH_BUNDLE,
  ROOT,
  compareKeys,
  coverage,
  englishBundle,
  extractKeys,
  languageFiles,
  languages,
  missingMedia,
  commandNameMismatches,
  readJson,
  sourceFiles,
  writeJson,
} from './l10nKeys';

/** Keys @vscode/l10n-dev extracts from the same files (its `export` command, in-process). */
export async function l10nDevKeys(files = sourceFiles()): Promise<string[]> {
  const bundle = await getL10nJson(files.map((f) => ({ extension: path.extname(f), contents: fs.readFileSync(f, 'utf8') })));
  return Object.keys(bundle);
}

async function exportBundle(): Promise<number> {
  const { keys, unextractable } = extractKeys();
  if (unextractable.length > 0) {
    console.error(`These calls translate a message that is not a text literal, so no tool can extract it:\n  ${unextractable.join('\n  ')}`);
    return 1;
  }
  const missed = (await l10nDevKeys()).filter((k) => !keys.has(k));
  if (missed.length > 0) {
    console.error(`@vscode/l10n-dev extracts keys that scripts/l10nKeys.ts does not:\n  ${missed.join('\n  ')}`);
    return 1;
  }
  const before = readJson(ENGLISH_BUNDLE);
  const after = englishBundle(keys.keys());
  writeJson(ENGLISH_BUNDLE, after);
  const added = Object.keys(after).filter((k) => !(k in before));
  const removed = Object.keys(before).filter((k) => !(k in after));
  console.log(`${path.relative(ROOT, ENGLISH_BUNDLE)}: ${Object.keys(after).length} keys (${added.length} new, ${removed.length} removed).`);
  for (const k of added) console.log(`  + ${JSON.stringify(k)}`);
  for (const k of removed) console.log(`  - ${JSON.stringify(k)}`);
  if (added.length + removed.length > 0) console.log('Then: npm run l10n:missing, and translate what it lists.');
  return 0;
}

interface LanguageReport {
  /** What to translate: key → English text, per file. */
  bundle: Record<string, string>;
  manifest: Record<string, string>;
  stale: string[];
  mismatched: string[];
  /** Walkthrough pages to translate: `media/walkthrough/<lang>/…`, named in package.nls.<lang>.json. */
  media: string[];
}

function report(lang: string): LanguageReport {
  const english = { bundle: readJson(ENGLISH_BUNDLE), manifest: readJson(path.join(ROOT, 'package.nls.json')) };
  const files = languageFiles(lang);
  const b = coverage(english.bundle, readJson(files.bundle));
  const m = coverage(english.manifest, readJson(files.manifest));
  const media = missingMedia(english.manifest, readJson(files.manifest));
  const named = commandNameMismatches(english, { bundle: readJson(files.bundle), manifest: readJson(files.manifest) });
  const pick = (from: Record<string, string>, keys: string[]) => Object.fromEntries(keys.sort(compareKeys).map((k) => [k, from[k]!]));
  return {
    bundle: pick(english.bundle, b.missing),
    manifest: pick(english.manifest, m.missing),
    stale: [...b.stale.map((k) => `l10n/bundle.l10n.${lang}.json: ${k}`), ...m.stale.map((k) => `package.nls.${lang}.json: ${k}`)],
    mismatched: [
      ...b.mismatched.map((k) => `l10n/bundle.l10n.${lang}.json: ${k}`),
      ...m.mismatched.map((k) => `package.nls.${lang}.json: ${k}`),
      ...named.map((k) => `l10n/bundle.l10n.${lang}.json names a command otherwise than its palette: ${k}`),
    ],
    media,
  };
}

function missing(args: string[]): number {
  const asked = args.filter((a) => !a.startsWith('--'));
  const reports = Object.fromEntries((asked.length > 0 ? asked : languages()).map((lang) => [lang, report(lang)]));
  const problems = Object.values(reports).reduce(
    (n, r) => n + Object.keys(r.bundle).length + Object.keys(r.manifest).length + r.stale.length + r.mismatched.length + r.media.length,
    0,
  );
  if (args.includes('--json')) {
    console.log(JSON.stringify(reports, null, 2));
    return problems > 0 ? 1 : 0;
  }
  for (const [lang, r] of Object.entries(reports)) {
    const count = Object.keys(r.bundle).length + Object.keys(r.manifest).length;
    console.log(`${lang}: ${count} to translate, ${r.stale.length} stale, ${r.mismatched.length} with other placeholders or links`);
    if (Object.keys(r.bundle).length) console.log(`  l10n/bundle.l10n.${lang}.json lacks:\n${indent(r.bundle)}`);
    if (Object.keys(r.manifest).length) console.log(`  package.nls.${lang}.json lacks:\n${indent(r.manifest)}`);
    for (const s of r.stale) console.log(`  stale (English has no such key; remove it): ${s}`);
    for (const s of r.mismatched) console.log(`  placeholders or links differ from the English: ${s}`);
    for (const s of r.media) console.log(`  walkthrough page missing (translate media/walkthrough/<page>.md into media/walkthrough/${lang}/): ${s}`);
  }
  return problems > 0 ? 1 : 0;
}

const indent = (o: Record<string, string>) => JSON.stringify(o, null, 2).replace(/^/gm, '    ');

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'export') return exportBundle();
  if (command === 'missing') return missing(args);
  console.error('usage: node --import tsx scripts/l10n.ts export | missing [lang…] [--json]');
  return 2;
}

if (require.main === module) {
  main().then(
    (code) => (process.exitCode = code),
    (e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
