/**
 * Posture, as tests: what the manifest declares (Restricted Mode, virtual workspaces, setting scopes and
 * patterns), what the code refuses at run time (http:// off this computer), and where the key may be
 * written (secret storage only) and where the block panel may load from.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import * as vscode from 'vscode';
import { baseUrlProblem } from '../../../src/core/endpoints';
import { ProviderError } from '../../../src/core/errors';
import { createProviderClients } from '../../../src/core/provider';
import { registerApiKeyCommands } from '../../../src/platform/apiKeyCommands';
import { Connection } from '../../../src/platform/connection';
import { Log } from '../../../src/platform/log';
import PAGES from '../../../src/webview/pages.json';
import { figures } from '../support/figures';
import { hostileKey, LeakWatch } from '../support/leaks';
import * as host from '../support/vscodeStub';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const nls = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
const properties = manifest.contributes.configuration.properties as Record<string, { scope?: string; pattern?: string; type: string }>;
const localized = (text: string) => (/^%.+%$/.test(text) ? (nls[text.slice(1, -1)] ?? '') : text);

/** Every .ts file under src/ (the extension's own code, not the demo node), with its text. */
function sources(): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory() && e.name !== 'demo') walk(p);
      else if (e.isFile() && p.endsWith('.ts')) out.push({ file: path.relative(ROOT, p), text: fs.readFileSync(p, 'utf8') });
    }
  };
  walk(path.join(ROOT, 'src'));
  return out;
}

describe('hostile: posture', () => {
  it('turns errors into text only through the one describer (describeError), never String(e) (issue 13)', () => {
    const offenders: string[] = [];
    for (const { file, text } of sources()) {
      if (file.endsWith(path.join('core', 'errors.ts'))) continue;
      text.split('\n').forEach((line, i) => {
        // A ProviderError redacts its own message; anything else made of an error's text must use describeError.
        if (/String\((e|err|error)\)|\$\{(e|err|error)\}/.test(line) && !/new ProviderError\(/.test(line)) offenders.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    assert.deepEqual(offenders, []);
  });

  it('runs on the user’s own machine when it can (extensionKind ui first), so that requests and the key stay there in Remote-SSH, WSL and Codespaces (issue 13)', () => {
    assert.deepEqual(manifest.extensionKind, ['ui', 'workspace']);
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    assert.match(readme, /extensionKind/);
    assert.match(readme, /Remote - SSH|Remote-SSH/);
  });

  it('declares limited support for Restricted Mode, saying what is limited and why, and restricts every setting that chooses where or how often requests go', () => {
    const untrusted = manifest.capabilities?.untrustedWorkspaces;
    assert.equal(untrusted?.supported, 'limited');
    assert.match(localized(untrusted.description), /Restricted Mode.*explorer URL.*request timeout.*auto-refresh/s);
    const restricted = new Set<string>(untrusted.restrictedConfigurations);
    for (const [key, p] of Object.entries(properties)) {
      // Application settings cannot come from a workspace at all; every other one that steers requests or links is restricted.
      if (p.scope === 'application') continue;
      if (/explorerUrl|requestTimeoutSeconds|autoRefreshSeconds/.test(key)) assert.ok(restricted.has(key), `${key} is restricted in Restricted Mode`);
    }
    for (const key of restricted) assert.ok(properties[key], `restricted setting ${key} exists`);
  });

  it('declares virtual workspace support', () => {
    assert.equal(manifest.capabilities?.virtualWorkspaces?.supported, true);
    assert.ok(localized(manifest.capabilities.virtualWorkspaces.description).length > 0);
  });

  it('the base URL and the watched wallets are application settings: no workspace can set them', () => {
    assert.equal(properties['hyperliquidExplorer.baseUrl']?.scope, 'application');
    assert.equal(properties['hyperliquidExplorer.wallets']?.scope, 'application');
  });

  it('no setting holds a key, token or secret', () => {
    for (const key of Object.keys(properties)) assert.doesNotMatch(key, /key|token|secret|password/i, key);
  });

  it('does not activate on everything', () => {
    assert.ok(!manifest.activationEvents.includes('*'));
  });

  it('http:// is refused for any host but this computer — in the settings pattern and at run time, before any request', () => {
    const pattern = new RegExp(properties['hyperliquidExplorer.baseUrl']!.pattern!);
    const host = fc.oneof(fc.domain(), fc.ipV4(), fc.constantFrom('127.0.0.1.nip.io', 'localhost.evil.example', '10.0.0.1', '[::2]'));
    fc.assert(
      fc.property(host, fc.constantFrom('', ':8545', '/v1'), (h, rest) => {
        const url = `http://${h}${rest}`;
        const local = h === '127.0.0.1' || h === 'localhost' || h === '[::1]';
        if (local) return;
        figures.badInputs += 1;
        assert.equal(pattern.test(url), false, `the settings pattern accepts ${url}`);
        assert.match(baseUrlProblem(url)?.message ?? '', /http:\/\/ on a host that is not this computer/);
        assert.throws(
          () => createProviderClients(url, 'sk-posture-key', { timeoutMs: 1000 }),
          (e: unknown) => e instanceof ProviderError && e.kind === 'config',
        );
      }),
      { numRuns: 300 },
    );
    for (const ok of ['https://hyperliquid-mainnet.core.chainstack.com', 'http://127.0.0.1:8545', 'http://localhost:3000', 'http://[::1]:1']) {
      assert.ok(pattern.test(ok), ok);
      assert.equal(baseUrlProblem(ok), undefined, ok);
    }
  });

  it('the key is written to secret storage only: the one store call, and no setting or state write takes it', () => {
    const code = sources();
    const stores = code.flatMap(({ file, text }) => [...text.matchAll(/secrets\.store\(([^)]*)\)/g)].map((m) => `${file}: ${m[1]}`));
    assert.deepEqual(stores, ['src/platform/keyStore.ts: id, key'], 'secret storage is written in one place (each network and origin its own entry)');
    for (const { file, text } of code) {
      for (const m of text.matchAll(/(?:globalState|workspaceState|state|config)\.update\(([^;]*)\)/g)) {
        assert.doesNotMatch(m[1]!, /apiKey|\bkey\b|secret/i, `${file} writes something key-like: ${m[0]}`);
      }
    }
  });

  it('the key set through Set API Key lands in SecretStorage only, under one entry, and Clear API Key removes it there too (behaviour)', async () => {
    // What the grep above cannot see: a write through a helper, a renamed field, a log line, a state key.
    host.resetHost();
    const key = hostileKey();
    const leaks = new LeakWatch(key, []);
    const context = host.extensionContext();
    const log = new Log();
    const connection = new Connection(context as unknown as vscode.ExtensionContext, log);
    /** A new session (as after a window reload) reading SecretStorage: does it find a key? */
    const newSessionFindsKey = async () => {
      const fresh = new Connection(context as unknown as vscode.ExtensionContext, log);
      try {
        await fresh.whenReady();
        return fresh.hasApiKey;
      } finally {
        fresh.dispose();
      }
    };
    registerApiKeyCommands({ context: context as unknown as vscode.ExtensionContext, log, connection });
    try {
      host.scripted.inputBoxAnswers.push(key);
      assert.equal(await vscode.commands.executeCommand<boolean>('hyperliquidExplorer.setApiKey'), true);
      assert.deepEqual([...context.secrets.values.values()], [key], 'SecretStorage holds the key, once');
      const everywhereElse = () => [
        ...host.recorded.settingWrites.map((w) => JSON.stringify(w)),
        ...context.globalState.writes.map((w) => JSON.stringify(w)),
        ...context.workspaceState.writes.map((w) => JSON.stringify(w)),
        ...host.recorded.logLines,
        ...host.recorded.notifications.map((n) => n.message),
        ...[...host.recorded.contexts].map((c) => JSON.stringify(c)),
        host.recorded.clipboard,
      ];
      leaks.checkAll('settings, state, log, notifications, context keys after Set API Key', everywhereElse());
      figures.textsSearched += everywhereElse().length;
      // A new session (a window reload) finds the key where it was stored, and only there.
      assert.equal(await newSessionFindsKey(), true, 'a new session finds the stored key');
      // Clear API Key asks first (issue 13): declined, the key stays; confirmed, it goes.
      host.scripted.messageAnswers.push(undefined);
      assert.equal(await vscode.commands.executeCommand<boolean>('hyperliquidExplorer.clearApiKey'), false);
      assert.equal(context.secrets.values.size, 1, 'declining the confirmation keeps the key');
      host.scripted.messageAnswers.push('Clear Key');
      assert.equal(await vscode.commands.executeCommand<boolean>('hyperliquidExplorer.clearApiKey'), true);
      assert.equal(context.secrets.values.size, 0, 'Clear API Key empties SecretStorage');
      assert.equal(await newSessionFindsKey(), false, 'a new session finds no key');
      leaks.checkAll('settings, state, log, notifications, context keys after Clear API Key', everywhereElse());
    } finally {
      for (const d of context.subscriptions) d.dispose();
      connection.dispose();
      log.dispose();
      host.resetHost();
    }
  });

  it('the panels: strict CSP with a fresh random nonce, no command URIs, resources from dist/webview and media only', () => {
    const shell = fs.readFileSync(path.join(ROOT, 'src', 'platform', 'webviewPanel.ts'), 'utf8');
    assert.match(shell, /"default-src 'none'"/);
    assert.match(shell, /`script-src 'nonce-\$\{nonce\}'`/);
    assert.match(shell, /const nonce = crypto\.randomBytes\(\d+\)\.toString\('base64'\)/);
    assert.match(shell, /enableCommandUris: false/);
    assert.match(
      shell,
      /localResourceRoots: \[vscode\.Uri\.joinPath\(context\.extensionUri, 'dist', 'webview'\), vscode\.Uri\.joinPath\(context\.extensionUri, 'media'\)\]/,
    );
    assert.doesNotMatch(shell, /unsafe-inline|unsafe-eval|https?:\/\/[^'"`\s]*\.(js|css)/);
    // Panels are opened (and revived) by the shared host, with the shared options.
    assert.match(shell, /createWebviewPanel\(.*panelOptions\(services\.context\)\)/, 'the shared host opens panels with the shared options');
    const pages = Object.keys(PAGES);
    for (const feature of pages) {
      const dir = path.join(ROOT, 'src', feature);
      const panel = fs.readdirSync(dir).find((f) => f.endsWith('Panel.ts'))!;
      const host = fs.readFileSync(path.join(dir, panel), 'utf8');
      assert.match(host, /extends PanelHost</, `${panel} uses the shared shell`);
      assert.doesNotMatch(host, /createWebviewPanel|webview\.options\s*=/, `${panel} opens with the shared options (through the shared host)`);
      assert.doesNotMatch(host, /webview\.html\s*=/, `${panel} sets no HTML of its own`);
    }
    const shared = fs
      .readdirSync(path.join(ROOT, 'src', 'webview'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `src/webview/${f}`);
    for (const script of [...pages.map((p) => `src/${p}/webview/main.ts`), ...shared]) {
      const text = fs.readFileSync(path.join(ROOT, script), 'utf8');
      assert.doesNotMatch(
        text,
        /innerHTML|outerHTML\s*=|insertAdjacentHTML|document\.write|eval\(|new Function/,
        `${script} builds the page from text nodes only`,
      );
    }
  });
});
