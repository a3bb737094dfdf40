// Lint with typescript-eslint, and the house rules of README's "How it is built" as rules, so they hold by
// rule and not by habit. Every folder of src/ is covered by convention, not by a hand-kept list:
//   floors   core → nothing of ours above it; view → core; platform → anything but a feature;
//            webview (src/webview/, src/*/webview/) → DOM only; demo → core. None of them imports `vscode`
//            except platform.
//   features every other folder of src/ (found on disk). A feature imports core, view, platform, ids and
//            its own files; another feature only through that feature's public `api.ts`. Inside a feature,
//            only glue files (named for what VS Code calls them: index.ts, *Panel.ts, *Tree.ts,
//            *TreeItems.ts, *Provider.ts, *Commands.ts, *Command.ts, *Picker.ts, *Host.ts) import
//            `vscode` or platform; every other file is pure and runs in plain Node (tests, bench).
//   notifications only through src/platform/notify.ts, which escapes links and icons.
//   hex shapes   a regular expression literal with `0x` in it only in src/core/hex.ts.
import * as fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const FLOORS = ['core', 'view', 'platform', 'webview', 'demo'];
const FEATURES = fs
  .readdirSync(new URL('./src/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory() && !FLOORS.includes(d.name))
  .map((d) => d.name);
const GLUE = ['index.ts', '*Panel.ts', '*Tree.ts', '*TreeItems.ts', '*Provider.ts', '*Commands.ts', '*Command.ts', '*Picker.ts', '*Host.ts'];

const vscode = { name: 'vscode', message: 'This file runs without VS Code: take what it needs as arguments, or name it as glue (see eslint.config.mjs).' };
const nodeBuiltins = { group: ['node:*', 'fs', 'path', 'http', 'https', 'crypto', 'child_process', 'os', 'net', 'url'], message: 'The webview runs in a browser: DOM only.' };
const noFeatures = (up) => ({ group: FEATURES.map((f) => `${up}${f}/*`), message: 'A floor never imports a feature: features are built on the floors.' });
const noPlatform = { group: ['**/platform/*', '../platform'], message: 'Pure files do not reach the VS Code platform layer; glue files do (see eslint.config.mjs).' };
/**
 * From inside feature `f`: any other feature's files but its `api.ts` (what it offers), its `protocol.ts`
 * (types both sides of a page share, which a webview may import) and its `webview/api.ts` (what it offers
 * another feature's page script). Written for a feature's own files and its page script's, one folder deeper.
 */
const otherFeatures = (f) => ({
  group: FEATURES.filter((g) => g !== f).flatMap((g) =>
    ['../', '../../'].flatMap((up) => [`${up}${g}/*`, `!${up}${g}/api`, `!${up}${g}/protocol`, `!${up}${g}/webview`, `${up}${g}/webview/*`, `!${up}${g}/webview/api`]),
  ),
  message: 'A feature reaches another feature only through its public api.ts (protocol.ts for shared page types, webview/api.ts for page scripts).',
});
const noDemo = { group: ['**/demo/*'], message: 'The demo node is loaded from dist/ by the connection, not imported by features.' };
const showMessage = {
  selector: "MemberExpression[property.name=/^show(Information|Warning|Error)Message$/]",
  message: 'Notifications go through src/platform/notify.ts (`notify`, `confirm`), which escapes links and icons in text from outside.',
};

const hexPattern = {
  selector: 'Literal[regex.pattern=/0x/i]',
  message: 'The chain’s hex shapes are written once, in src/core/hex.ts: name the shape there and import it.',
};

const registerCommand = {
  selector: "MemberExpression[object.property.name='commands'][property.name='registerCommand']",
  message: 'Commands are registered through registerCommands (src/platform/commands.ts).',
};
const ourCommandUntyped = {
  selector: "CallExpression[callee.property.name='executeCommand'] > MemberExpression.arguments[object.name='Commands']",
  message: 'Run our own commands through runCommand (src/platform/commands.ts): their arguments are checked against CommandArgs.',
};

/** One config per feature: its glue files, then its pure files (the later entry wins for a file in both). */
const featureRules = FEATURES.flatMap((f) => [
  {
    files: [`src/${f}/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherFeatures(f), noDemo] }] },
  },
  {
    files: [`src/${f}/**/*.ts`],
    ignores: [...GLUE.map((g) => `src/${f}/**/${g}`), `src/${f}/webview/**`],
    rules: { 'no-restricted-imports': ['error', { paths: [vscode], patterns: [otherFeatures(f), noDemo, noPlatform] }] },
  },
]);

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', 'media/**', 'test/host/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // The demo node is loaded with require() from dist/ on first use, to keep activation light.
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-explicit-any': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', showMessage, registerCommand, ourCommandUntyped, hexPattern] },
  },
  {
    files: ['src/platform/notify.ts'],
    rules: { 'no-restricted-syntax': ['error', registerCommand, ourCommandUntyped, hexPattern] },
  },
  {
    files: ['src/platform/commands.ts'],
    rules: { 'no-restricted-syntax': ['error', showMessage, hexPattern] },
  },
  {
    files: ['src/core/hex.ts'],
    rules: { 'no-restricted-syntax': ['error', showMessage, registerCommand, ourCommandUntyped] },
  },
  ...featureRules,
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [vscode], patterns: [{ group: ['../*'], message: 'core imports nothing of ours above it.' }] }],
    },
  },
  {
    files: ['src/view/**/*.ts', 'src/ids.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [vscode], patterns: [noPlatform, noFeatures('../'), noDemo, { group: ['../webview/*'], message: 'view serves the host and the webview alike.' }] }],
    },
  },
  {
    files: ['src/platform/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noFeatures('../'), { group: ['../demo/*', '!../demo/wallets'], message: 'The demo node is loaded from dist/ on first use; only its wallet list is imported.' }] }] },
  },
  // Every page's script, and what they share (src/webview/): DOM only. A feature's page script keeps its
  // feature's rules too (another feature only through its seams): one entry per feature, since a later
  // entry's no-restricted-imports replaces an earlier one's for the same file.
  ...[['src/webview/**/*.ts', undefined], ...FEATURES.map((f) => [`src/${f}/webview/**/*.ts`, f])].map(([files, f]) => ({
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [vscode, { name: 'axios', message: 'The webview never speaks HTTP.' }],
          patterns: [
            nodeBuiltins,
            { group: ['**/core/transport', '**/core/*Client', '**/platform/*'], message: 'The webview gets data by message from the host.' },
            ...(f ? [otherFeatures(f), noDemo] : [noFeatures('../')]),
          ],
        },
      ],
    },
  })),
  {
    files: ['src/demo/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [vscode], patterns: [noPlatform, noFeatures('../'), { group: ['../extension'], message: 'The demo node stands alone: it may use core, not the extension.' }] }],
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', 'scripts/**/*.mjs', '*.mjs', 'test/**/*.cjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', __dirname: 'readonly', require: 'readonly', module: 'writable', setTimeout: 'readonly', clearTimeout: 'readonly', URL: 'readonly', Buffer: 'readonly' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Tests build hostile input on purpose (control characters, runs of spaces) and rethrow plainly.
      'no-control-regex': 'off',
      'no-regex-spaces': 'off',
      'preserve-caught-error': 'off',
    },
  },
);
