// A minimal language pack for the test host, made at test time: VS Code shows an extension's German (or
// Chinese) only when its display language is German, and it takes a display language only when a language
// pack contributes it (`contributes.localizations`); without one it falls back to English. This pack
// contributes the language and an empty translation of VS Code itself, so VS Code's own words stay English
// and ours are the only translated ones a test sees. Installed beside the .vsix; code-server then starts
// with `--locale <lang>` (test/host/codeServer.ts).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT } from './config';
import { run } from './processes';

/** The languages the extension ships, with the names VS Code's language picker shows. */
const NAMES: Record<string, { languageName: string; localizedLanguageName: string }> = {
  de: { languageName: 'German', localizedLanguageName: 'Deutsch' },
  'zh-cn': { languageName: 'Chinese Simplified', localizedLanguageName: '中文(简体)' },
};

const packaged = new Map<string, Promise<string>>();

/** The pack for `lang` as a .vsix in a temporary folder, made once per process. */
export function languagePackVsix(lang: string): Promise<string> {
  const names = NAMES[lang];
  if (!names) return Promise.reject(new Error(`no test language pack for "${lang}" (known: ${Object.keys(NAMES).join(', ')})`));
  let pack = packaged.get(lang);
  if (!pack) {
    pack = makePack(lang, names);
    packaged.set(lang, pack);
  }
  return pack;
}

async function makePack(lang: string, names: (typeof NAMES)[string]): Promise<string> {
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), `hlx-language-pack-${lang}-`));
  const manifest = {
    name: `hlx-test-language-pack-${lang}`,
    displayName: `${names.languageName} test language pack (Hyperliquid Explorer tests)`,
    description: `Makes ${names.languageName} a display language of the test host; translates nothing of VS Code itself.`,
    publisher: 'hyperliquid-explorer-tests',
    version: '0.0.1',
    license: 'MIT',
    engines: { vscode: '^1.99.0' },
    categories: ['Language Packs'],
    contributes: {
      localizations: [{ languageId: lang, ...names, translations: [{ id: 'vscode', path: './translations/main.i18n.json' }] }],
    },
  };
  fs.mkdirSync(path.join(stage, 'translations'));
  fs.writeFileSync(path.join(stage, 'package.json'), JSON.stringify(manifest, null, 2));
  // VS Code reads `contents` by module; a module or key it does not find keeps its English text.
  fs.writeFileSync(path.join(stage, 'translations', 'main.i18n.json'), JSON.stringify({ version: '1.0.0', contents: {} }));
  fs.writeFileSync(path.join(stage, 'README.md'), `${manifest.description}\n`);
  fs.writeFileSync(path.join(stage, 'LICENSE'), 'MIT\n');
  const out = path.join(stage, `hlx-language-pack-${lang}.vsix`);
  const vsce = path.join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
  await run(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '-o', out], {
    name: `vsce package (language pack ${lang})`,
    cwd: stage,
    timeoutMs: 120_000,
    quiet: true,
  });
  if (!fs.existsSync(out)) throw new Error(`vsce did not package the ${lang} language pack`);
  return out;
}

/**
 * Registers the language packs installed in `extensionsDir` in `<userDataDir>/languagepacks.json`, the
 * index VS Code's server reads for `--locale`. Installing a pack from the workbench writes this index (the
 * language pack service's post-install step); `code-server --install-extension` does not run that step,
 * so the test host writes the same entries: language → pack, its version and its translation files.
 */
export function registerLanguagePacks(userDataDir: string, extensionsDir: string): string[] {
  const index: Record<string, { hash: string; label: string; extensions: object[]; translations: Record<string, string> }> = {};
  for (const dir of fs.readdirSync(extensionsDir, { withFileTypes: true })) {
    const file = path.join(extensionsDir, dir.name, 'package.json');
    if (!dir.isDirectory() || !fs.existsSync(file)) continue;
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as PackManifest;
    for (const l of manifest.contributes?.localizations ?? []) {
      const id = `${manifest.publisher}.${manifest.name}`;
      const translations = Object.fromEntries(l.translations.map((t) => [t.id, path.join(extensionsDir, dir.name, t.path)]));
      index[l.languageId] = {
        hash: `${id}@${manifest.version}`.replace(/[^\w.@-]/g, '_'),
        label: l.localizedLanguageName ?? l.languageName ?? l.languageId,
        extensions: [{ extensionIdentifier: { id }, version: manifest.version }],
        translations,
      };
    }
  }
  fs.writeFileSync(path.join(userDataDir, 'languagepacks.json'), JSON.stringify(index));
  return Object.keys(index);
}

interface PackManifest {
  name: string;
  publisher: string;
  version: string;
  contributes?: {
    localizations?: { languageId: string; languageName?: string; localizedLanguageName?: string; translations: { id: string; path: string }[] }[];
  };
}
