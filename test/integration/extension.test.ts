// The extension in a real VS Code extension host: activation, commands, settings.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

const EXTENSION_ID = 'hyperliquid-explorer.hyperliquid-explorer';

interface Manifest {
  contributes: {
    commands: { command: string; title: string }[];
    configuration: { properties: Record<string, { default?: unknown }> } | { properties: Record<string, { default?: unknown }> }[];
  };
}

function extension(): vscode.Extension<unknown> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is not loaded in this host`);
  return ext;
}

describe('Extension host: activation, commands, settings', () => {
  before(() => {
    console.log(
      `  host: VS Code ${vscode.version}, Node ${process.version}, uiKind=${vscode.UIKind[vscode.env.uiKind]}, remote=${vscode.env.remoteName ?? '(local)'}`,
    );
  });

  it('activates without opening a network connection', async function () {
    // test/host/netspy.cjs (preloaded by the code-server runner) records TCP connections made from
    // the extension's own code since the host started; activation may have happened before this
    // test (e.g. on onLanguage:plaintext), so the check covers everything up to the first test.
    const g = globalThis as { __hlxNetSpy?: { target: string; stack: string }[]; __hlxNetSpyAtStart?: number };
    const ext = extension();
    if (!g.__hlxNetSpy) {
      console.log('    (no network spy in this host, e.g. desktop VS Code: check skipped)');
      this.skip();
    }
    const wasActive = ext.isActive;
    await ext.activate();
    await new Promise((r) => setTimeout(r, 500)); // let anything started on activation go out
    assert.equal(ext.isActive, true);
    const upTo = wasActive ? (g.__hlxNetSpyAtStart ?? g.__hlxNetSpy.length) : g.__hlxNetSpy.length;
    const connections = g.__hlxNetSpy.slice(0, upTo);
    assert.deepEqual(
      connections.map((c) => c.target),
      [],
      `activation opened TCP connections:\n${connections.map((c) => c.target + '\n' + c.stack).join('\n')}`,
    );
  });

  it('is active', async () => {
    const ext = extension();
    await ext.activate();
    assert.equal(ext.isActive, true);
  });

  it('registers every command contributed in package.json', async () => {
    const ext = extension();
    await ext.activate();
    const contributed = (ext.packageJSON as Manifest).contributes.commands.map((c) => c.command);
    assert.ok(contributed.length > 0, 'package.json contributes no commands');
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.filter((c) => !registered.has(c));
    assert.deepEqual(missing, [], `contributed in package.json but not registered by the extension: ${missing.join(', ')}`);
  });

  it('reads every setting with its declared default (fresh profile)', () => {
    const ext = extension();
    const configuration = (ext.packageJSON as Manifest).contributes.configuration;
    const properties = Object.assign({}, ...[configuration].flat().map((c) => c.properties)) as Record<string, { default?: unknown }>;
    const keys = Object.keys(properties);
    assert.ok(keys.length > 0, 'package.json contributes no settings');
    const config = vscode.workspace.getConfiguration();
    for (const key of keys) {
      const inspected = config.inspect(key);
      assert.ok(inspected, `setting ${key} is unknown to VS Code`);
      assert.deepEqual(inspected.defaultValue, properties[key].default, `default of ${key}`);
      assert.deepEqual(config.get(key), properties[key].default, `value of ${key} in a fresh profile`);
    }
  });
});
