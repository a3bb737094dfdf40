// Lint with typescript-eslint, and the layers of README's "How it is built" as import rules, so they
// hold by rule and not by habit:
//   core     → nothing of ours above it, and no `vscode` (it speaks HTTP and knows the wire formats);
//   view-models and other pure modules → no `vscode` (they run in plain Node: tests, bench);
//   the webview script → DOM only: no `vscode`, no Node, no HTTP client;
//   the demo node → no `vscode`, nothing of the extension's features.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const vscode = { name: 'vscode', message: 'This layer runs without VS Code: take what it needs as arguments.' };
const nodeBuiltins = { group: ['node:*', 'fs', 'path', 'http', 'https', 'crypto', 'child_process', 'os', 'net', 'url'], message: 'The webview runs in a browser: DOM only.' };

/** Pure modules outside core: view-models, view helpers, typed ids, the webview protocol, the hover's content. */
const pure = [
  'src/ids.ts',
  'src/view/**',
  'src/**/*ViewModel.ts',
  'src/blocks/protocol.ts',
  'src/blocks/labels.ts',
  'src/transactions/protocol.ts',
  'src/transactions/labels.ts',
  'src/transactions/transactionHash.ts',
  'src/blocks/blockQuery.ts',
  'src/blocks/blockSource.ts',
  'src/orders/openOrdersSource.ts',
  'src/orders/autoRefresh.ts',
  'src/orders/ordersStore.ts',
  'src/orders/marketData.ts',
  'src/orders/emitter.ts',
  'src/hover/*Content.ts',
  'src/hover/*Lookup.ts',
  'src/hover/hoverLookups.ts',
  'src/hover/hexToken.ts',
  'src/hover/hoverAt.ts',
  'src/lookUp/lookUpQuery.ts',
];

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
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [vscode], patterns: [{ group: ['../*'], message: 'core imports nothing of ours above it.' }] }],
    },
  },
  {
    files: pure,
    rules: {
      'no-restricted-imports': ['error', { paths: [vscode], patterns: [{ group: ['**/platform/*', '../platform'], message: 'Pure modules do not reach the VS Code platform layer.' }] }],
    },
  },
  {
    // Every panel's script, and what they share (src/webview/).
    files: ['src/**/webview/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [vscode, { name: 'axios', message: 'The webview never speaks HTTP.' }], patterns: [nodeBuiltins, { group: ['**/core/transport', '**/core/*Client', '**/platform/*'], message: 'The webview gets data by message from the host.' }] },
      ],
    },
  },
  {
    files: ['src/demo/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [vscode], patterns: [{ group: ['../blocks/*', '../orders/*', '../hover/*', '../transactions/*', '../platform/*', '../extension'], message: 'The demo node stands alone: it may use core, not the extension.' }] }],
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
