// Preloaded (node --require) into code-server releases older than 4.100, whose command line has no
// `--vscode-option`: it adds VS Code's own `--enable-smoke-test-driver` to code-server's option table,
// so that the option is accepted and handed on to the VS Code server inside (code-server passes its
// parsed options through), which then honours `?payload=` (extensionDevelopmentPath, extensionTestsPath).
// Other processes that inherit the preload (the extension host, the pty host) are left alone.
'use strict';
const path = require('node:path');
const main = process.argv[1] || '';
if (main.endsWith(path.join('out', 'node', 'entry.js'))) {
  const cli = require(path.join(path.dirname(main), 'cli.js'));
  if (cli.options && !cli.options['enable-smoke-test-driver']) {
    cli.options['enable-smoke-test-driver'] = { type: 'boolean', description: 'VS Code smoke-test driver (test harness).' };
  }
}
