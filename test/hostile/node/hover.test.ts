/**
 * The extension's real hover provider (src/hover/index.ts, registered through the `vscode` stand-in)
 * with the real connection and log, against the demo node behind a hostile proxy: under every fault a
 * hover says what went wrong in one escaped line; its Markdown renders without injected elements or
 * links; it trusts exactly its own command; and neither the hover nor the log holds the key.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { registerHovers } from '../../../src/hover';
import { Connection } from '../../../src/platform/connection';
import { Log } from '../../../src/platform/log';
import type { DemoFault, DemoNode } from '../../../src/demo/demoNode';
import { figures } from '../support/figures';
import type { LeakWatch } from '../support/leaks';
import { useHostileProxy } from '../support/craftedAnswers';
import { mutateResult, rpcError, type HostileProxy, type ProxyRule } from '../support/hostileProxy';
import { assertMarkdownIsText, MARKUP, MARKUP_PAYLOADS, textOf } from '../support/markup';
import * as host from '../support/vscodeStub';

const SECTION = 'hyperliquidExplorer';
const OWN_LINK = /^command:hyperliquidExplorer\.lookUpBlock\?/;

interface HoverFault {
  name: string;
  shown: RegExp;
  fault?: (key: string, base: string) => Omit<DemoFault, 'endpoint'>;
  rule?: (key: string, base: string) => ProxyRule;
  /** requestTimeoutSeconds for this case instead of the suite's 2 s. */
  timeoutSeconds?: number;
}

const HOVER_FAULTS: HoverFault[] = [
  { name: 'HTTP 401', shown: /rejected the API key \(HTTP 401\)/, fault: () => ({ kind: 'status', status: 401 }) },
  { name: 'HTTP 404', shown: /has no evm endpoint at this address \(HTTP 404\)/, fault: () => ({ kind: 'status', status: 404 }) },
  { name: 'HTTP 429', shown: /rate-limiting requests \(HTTP 429\)\. Try again in 90 s/, fault: () => ({ kind: 'status', status: 429, retryAfter: '90' }) },
  {
    name: 'HTTP 502 page echoing the key',
    shown: /server error \(HTTP 502\)/,
    fault: (key, base) => ({ kind: 'status', status: 502, contentType: 'text/html', body: `<b>${base}/${key}/evm</b>` }),
  },
  {
    name: 'HTML page with HTTP 200',
    shown: /evm endpoint answered with an HTML page instead of JSON/,
    fault: (key) => ({ kind: 'respond', contentType: 'text/html', body: `<a href="https://evil.example/${key}">login</a>` }),
  },
  { name: 'connection reset in mid-body', shown: /closed before the answer was complete/, fault: () => ({ kind: 'truncated' }) },
  { name: 'timeout', shown: /did not answer within 2 s/, fault: () => ({ kind: 'hang' }) },
  // Time enough that only the size cap can stop it: a timeout here would be a failure, not a pass.
  {
    name: '50 MB body',
    shown: /^Could not load the block: The provider’s answer was larger than the 32 MB limit\.$/m,
    fault: () => ({ kind: 'oversize', bytes: 50 * 1024 * 1024 }),
    timeoutSeconds: 60,
  },
  { name: 'wrong id', shown: /answered a different request/, fault: () => ({ kind: 'wrongId' }) },
  {
    name: 'number over 2^256',
    shown: /block\.gasUsed: expected a 0x hex quantity/,
    rule: () => mutateResult('ots_getBlockDetails', (r) => ((r.block.gasUsed = '0x1' + '0'.repeat(64)), r)),
  },
  ...MARKUP_PAYLOADS.map((p, i) => ({
    name: `JSON-RPC error with markup #${i}, the URL and the key`,
    shown: /The node returned JSON-RPC error -32000: /,
    rule: (key: string, base: string) => rpcError('ots_getBlockDetails', -32000, `${p} ${base}/${key}/evm ${key}`),
  })),
];

describe('hostile: the real hover provider under faults (Node, demo node behind a hostile proxy)', function () {
  this.timeout(30_000);
  const setup = useHostileProxy({ clients: false });
  const key = setup.key;
  let node: DemoNode;
  let proxy: HostileProxy;
  let leaks: LeakWatch;
  let provider: { provideHover(...args: unknown[]): unknown };
  const subscriptions: { dispose(): unknown }[] = [];
  let nextBlock = 0x1000;

  before(async () => {
    host.resetHost();
    ({ node, proxy, leaks } = setup);
    await host.setConfiguration(`${SECTION}.baseUrl`, proxy.baseUrl);
    await host.setConfiguration(`${SECTION}.requestTimeoutSeconds`, 2);
    await host.setConfiguration(`${SECTION}.hover.languages`, ['typescript']);
    const context = host.extensionContext();
    const log = new Log();
    const connection = new Connection(context as unknown as vscode.ExtensionContext, log);
    await connection.setApiKey(key);
    registerHovers({ context: context as unknown as vscode.ExtensionContext, log, connection });
    subscriptions.push(...context.subscriptions, connection, log);
    assert.equal(host.recorded.hoverProviders.length, 1, 'one hover provider registered');
    provider = host.recorded.hoverProviders[0]!.provider;
  });
  after(async () => {
    for (const d of subscriptions) d.dispose();
    host.resetHost();
  });

  /** Hovers a fresh block number (found blocks are cached, and a cached block makes no request). */
  async function hover(): Promise<{ markdown: host.MarkdownString; block: number }> {
    const block = nextBlock++;
    const line = `const deployed = 0x${block.toString(16)}; // ${MARKUP}`;
    const document = { lineAt: () => ({ text: line }) };
    const result = (await provider.provideHover(document, new host.Position(0, line.indexOf('0x') + 2), new host.CancellationTokenSource().token)) as
      host.Hover | undefined;
    assert.ok(result, 'a hover');
    return { markdown: result.contents[0]!, block };
  }

  it('a found block: its Markdown renders as text, with one link, to Look Up Block, the only command it trusts (control)', async () => {
    const { markdown, block } = await hover();
    assert.deepEqual(markdown.isTrusted, { enabledCommands: ['hyperliquidExplorer.lookUpBlock'] });
    assert.equal(markdown.supportHtml, false);
    const html = assertMarkdownIsText('found block hover', markdown.value, [OWN_LINK]);
    assert.match(textOf(html), new RegExp(`Block ${block.toLocaleString('en-US')}`));
    assert.equal((html.match(/<a /g) ?? []).length, 1);
  });

  for (const f of HOVER_FAULTS) {
    it(`${f.name}: one escaped line that says so, no link, no key`, async () => {
      const before = { node: node.requests, proxy: proxy.mutated };
      if (f.fault) node.setFaults([{ ...f.fault(key, node.baseUrl), endpoint: 'evm' } as DemoFault]);
      if (f.rule) proxy.setRule(f.rule(key, proxy.baseUrl));
      if (f.timeoutSeconds) await host.setConfiguration(`${SECTION}.requestTimeoutSeconds`, f.timeoutSeconds);
      let shown: { markdown: host.MarkdownString; block: number };
      try {
        shown = await hover();
      } finally {
        node.clearFaults();
        proxy.setRule(undefined);
        if (f.timeoutSeconds) await host.setConfiguration(`${SECTION}.requestTimeoutSeconds`, 2);
      }
      if (f.fault) figures.faultsInjected += node.requests - before.node;
      else figures.responsesMutated += proxy.mutated - before.proxy;
      const { markdown } = shown;
      assert.equal(markdown.isTrusted, false, 'an error hover trusts nothing');
      const html = assertMarkdownIsText(`${f.name} hover`, markdown.value);
      const text = textOf(html);
      assert.match(text, /Could not load the block: /);
      assert.match(text, f.shown);
      assert.equal((html.match(/<a /g) ?? []).length, 0);
      leaks.check(`${f.name} hover (Markdown)`, markdown.value);
      leaks.check(`${f.name} hover (rendered)`, html);
      leaks.checkAll(`${f.name} log`, host.recorded.logLines);
    });
  }

  it('a cancelled hover shows nothing and leaves nothing running', async () => {
    node.setFaults([{ kind: 'latency', ms: 1000, endpoint: 'evm' }]);
    try {
      const source = new host.CancellationTokenSource();
      const line = `x = 0x${(nextBlock++).toString(16)}`;
      const pending = provider.provideHover({ lineAt: () => ({ text: line }) }, new host.Position(0, 6), source.token) as Promise<unknown>;
      setTimeout(() => source.cancel(), 50);
      const started = Date.now();
      assert.equal(await pending, undefined);
      assert.ok(Date.now() - started < 800, 'answered at once');
    } finally {
      node.clearFaults();
    }
  });
});
