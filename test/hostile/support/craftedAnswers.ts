/**
 * What the suites of crafted answers share: a demo node behind a hostile proxy with clients through it,
 * and the run of one case (the proxy rewrites the answer; the client decodes it exactly or refuses it with
 * a short ProviderError that holds no key; the request log holds no key either).
 */
import * as assert from 'node:assert/strict';
import { describeError, ProviderError, type ProviderErrorKind } from '../../../src/core/errors';
import { createProviderClients, type ProviderClients } from '../../../src/core/provider';
import type { RequestEvent } from '../../../src/core/transport';
import { startDemoNode, type DemoNode, type DemoNodeOptions } from '../../../src/demo/demoNode';
import { figures, incident } from './figures';
import { hostileKey, LeakWatch } from './leaks';
import { startHostileProxy, type HostileProxy, type ProxyRule } from './hostileProxy';

type Json = any;

export interface CraftedCase {
  name: string;
  call: (c: ProviderClients) => Promise<unknown>;
  rule: (key: string, baseUrl: string) => ProxyRule;
  /** `ok`: decoded, and `check` says it is exactly right. */
  kind: ProviderErrorKind | 'ok';
  message?: RegExp;
  check?: (value: Json) => void;
}

/** Set up by the suite's `before` (so read its fields inside tests and hooks only). */
export interface HostileSetup {
  readonly key: string;
  node: DemoNode;
  proxy: HostileProxy;
  clients: ProviderClients;
  leaks: LeakWatch;
  readonly events: RequestEvent[];
}

export interface HostileProxyOptions {
  /** The clients' request timeout (default 5 s). */
  timeoutMs?: number;
  /** The demo node's options (its key is the suite's hostile key). */
  node?: Omit<DemoNodeOptions, 'apiKey'>;
  /** Whether to make clients through the proxy (default true); a suite that makes its own leaves `clients` unset. */
  clients?: boolean;
}

/**
 * Registers the suite's `before` and `after`: a demo node, a hostile proxy in front of it, clients through
 * the proxy. Register it first: the suite's own hooks then find the node and proxy up.
 */
export function useHostileProxy(options: number | HostileProxyOptions = {}): HostileSetup {
  const { timeoutMs = 5_000, node = {}, clients = true } = typeof options === 'number' ? { timeoutMs: options } : options;
  const setup = { key: hostileKey(), events: [] as RequestEvent[] } as unknown as HostileSetup;
  before(async () => {
    setup.node = await startDemoNode({ ...node, apiKey: setup.key });
    setup.proxy = await startHostileProxy(setup.node.baseUrl);
    setup.leaks = new LeakWatch(setup.key, [setup.node.baseUrl, setup.proxy.baseUrl]);
    if (clients) setup.clients = createProviderClients(setup.proxy.baseUrl, setup.key, { timeoutMs, maxRetries: 0, onRequest: (e) => setup.events.push(e) });
  });
  after(async () => {
    await setup.proxy?.close();
    await setup.node?.close();
  });
  return setup;
}

/**
 * One test per case. `whereShown`, for a refused case, checks the error where a feature shows it (a
 * hover, a panel) beyond the error itself.
 */
export function itDecodesOrRefuses(setup: HostileSetup, cases: readonly CraftedCase[], whereShown?: (c: CraftedCase, e: ProviderError) => void): void {
  for (const c of cases) {
    it(`${c.name} → ${c.kind === 'ok' ? 'decoded' : c.kind}`, async () => {
      const { proxy, clients, leaks, events, key } = setup;
      events.length = 0;
      const mutatedBefore = proxy.mutated;
      proxy.setRule(c.rule(key, proxy.baseUrl));
      let outcome: Json;
      try {
        outcome = await c.call(clients).then(
          (value) => ({ value }),
          (e: unknown) => ({ error: e }),
        );
      } finally {
        proxy.setRule(undefined);
      }
      const mutated = proxy.mutated - mutatedBefore;
      assert.ok(mutated >= 1, 'the proxy changed the answer');
      figures.responsesMutated += mutated;
      if (c.kind === 'ok') {
        assert.ok(!outcome.error, `expected the answer to decode, got: ${describeError(outcome.error)}`);
        c.check?.(outcome.value);
      } else {
        const e = outcome.error;
        if (!(e instanceof ProviderError)) {
          incident('crashes', `${c.name}: ${e instanceof Error ? e.stack : JSON.stringify(outcome).slice(0, 300)}`);
          assert.fail(`expected a ProviderError, got ${String(e)}`);
        }
        assert.equal(e.kind, c.kind, e.message);
        assert.match(e.message, c.message!);
        assert.ok(e.message.length < 400, `a short message (${e.message.length} characters)`);
        leaks.checkError(c.name, e);
        whereShown?.(c, e);
      }
      leaks.checkAll(
        `${c.name} (request log)`,
        events.map((ev) => JSON.stringify({ ...ev, error: ev.error?.message })),
      );
    });
  }
}
