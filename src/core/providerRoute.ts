/**
 * Where each request of one connection goes, and what its answer teaches: the one `JsonPoster` the
 * clients of a connection post through. Around the provider's transport it
 * - checks `eth_chainId` once (beside the first request, not before it): no answer is handed on until
 *   the node is known to serve the selected network's chain, and a node for another chain is refused;
 * - probes `ots_getApiLevel` once, and learns from every answer and refusal what the provider serves;
 * - answers at once, without a request, what the provider is known not to serve;
 * - sends to the archive path (QuickNode's `nanoreth`) a block `/evm` has pruned or a trace it does not serve;
 * - sends blocks to the path that includes system transactions (Chainstack's `nanoreth`) where `/evm`
 *   leaves them out, and back to `/evm` when the node has no such path (HTTP 404, or no `ots_*` there);
 * - sends to Hyperliquid's public info API what the provider's `/info` refuses, when (and only when) the
 *   user allowed that kind of data to go there, within the public API's own weight budget.
 * Pure: no `vscode`.
 */
import { HEX_SHORT_QUANTITY } from './hex';
import { abilityOfRequest, type ProviderAbilities } from './abilities';
import { ProviderError, type Endpoint } from './errors';
import { isBlockNotFound } from './evmClient';
import { describeChain } from './networks';
import { publicDataKind, type PublicApiBudget, type PublicDataKind } from './publicApi';
import type { AnswerLimits, JsonPoster } from './transport';

const SMALL: AnswerLimits = { maxBytes: 64 * 1024, maxValues: 1000 };
const BLOCK_METHODS = new Set(['ots_getBlockDetails', 'ots_getBlockTransactions']);

export interface PublicFallback {
  /** Hyperliquid's public `/info` (no key). */
  readonly transport: JsonPoster;
  /** Its weight budget, shared by every connection of this process (it counts per IP). */
  readonly budget: PublicApiBudget;
  /** Whether the user allowed this kind of data to go to the public API. */
  allowed(kind: PublicDataKind): boolean;
  /** The provider fell short where the public API could help, and the user has not allowed it (yet). */
  wanted?(kind: PublicDataKind, type: string): void;
}

export interface RouteOptions {
  /** The selected network's chain id: checked once, before any answer is handed on. */
  chainId?: number;
  /** What the provider serves: read before sending, learnt from answers. */
  abilities?: ProviderAbilities;
  /** The provider's name, for the messages of what it does not serve. */
  providerName?: string;
  /** The archive path's transport (QuickNode's `nanoreth`). */
  archive?: JsonPoster;
  /** The transport of the path whose answers include system transactions (Chainstack's `nanoreth`). */
  systemTx?: JsonPoster;
  /** Whether `/evm` leaves system transactions out of its blocks and receipts (the preset says so). */
  evmLeavesSystemTxsOut?: boolean;
  publicFallback?: PublicFallback;
}

/**
 * Whether an error means "this provider does not serve this request type" (HTTP 422 with the info API's
 * deserialize message, or an answer naming an unknown type), rather than a failure worth retrying. The one
 * test of it: the connection's route remembers a refusal in its `ProviderAbilities`, and nothing else keeps one
 * (a timeout, a 5xx or a 429 is never one, so it cannot switch a feature off). Here, not in `errors.ts`:
 * activation loads that one, and only the clients need this.
 */
export function isRefusal(e: unknown): e is ProviderError {
  if (!(e instanceof ProviderError)) return false;
  if (e.kind === 'refused') return true;
  return e.kind === 'httpStatus' && (e.status === 400 || e.status === 501) && /unknown|unsupported|not supported/i.test(e.message);
}

/**
 * Whether the blocks and receipts this connection shows hold system transactions (HyperCore → HyperEVM
 * transfers): `included` (asked where they are), `leftOut` (the provider's `/evm` leaves them out and it
 * has no path with them), `unknown` (nothing says).
 */
export type SystemTxCoverage = 'included' | 'leftOut' | 'unknown';

export class ProviderRoute implements JsonPoster {
  private chainCheck?: Promise<void>;
  private probed = false;
  private nextId = 1;
  /** The system-transaction path answered 404 (or serves no blocks): the node has none; `/evm` it is. */
  private systemTxPathMissing = false;
  private systemTxPosterOf?: { path: JsonPoster; poster: JsonPoster };

  constructor(
    private readonly provider: JsonPoster,
    private readonly options: RouteOptions = {},
  ) {}

  postJson(endpoint: Endpoint, body: string, label: string, signal?: AbortSignal, limits?: AnswerLimits): Promise<unknown> {
    return endpoint === 'evm' ? this.evm(body, label, signal, limits) : this.info(body, label, signal, limits);
  }

  /**
   * What must not go in a JSON-RPC batch: a call of an ability the provider is known not to serve (answered
   * here), one that may go to the archive path (decided on its own answer), the chain id (answered from
   * the one check). A batch holds only calls that go to the provider as they are.
   */
  alone(method: string): boolean {
    if (method === 'eth_chainId') return this.options.chainId !== undefined;
    if (this.options.systemTx !== undefined && BLOCK_METHODS.has(method)) return true;
    const ability = abilityOfRequest('evm', method);
    if (!ability) return false;
    const known = this.options.abilities?.get(ability);
    return this.options.archive !== undefined || (known?.state === 'notServed' && known.source !== 'seen');
  }

  private async evm(body: string, label: string, signal: AbortSignal | undefined, limits: AnswerLimits | undefined): Promise<unknown> {
    if (label === 'eth_chainId' && this.options.chainId !== undefined) return this.chainIdAnswer(body);
    if (label.startsWith('batch:')) {
      const json = await this.verified(this.provider.postJson('evm', body, label, signal, limits), true);
      this.learnFromBatch(body, json);
      return json;
    }
    const ability = abilityOfRequest('evm', label);
    const { abilities, archive } = this.options;
    const known = ability ? abilities?.get(ability) : undefined;
    if (known?.state === 'notServed' && known.source !== 'seen') throw this.notServed(label);
    if (BLOCK_METHODS.has(label)) {
      const withSystemTxs = await this.viaSystemTxPath(body, label, signal, limits);
      if (withSystemTxs !== undefined) return withSystemTxs;
    }
    if (archive && known?.viaArchive) return this.verified(archive.postJson('evm', body, label, signal, limits), true);
    const json = await this.verified(this.provider.postJson('evm', body, label, signal, limits), true);
    if (ability) abilities?.learn(ability, !isRpcError(json, -32601), 'seen');
    if (!archive || !archiveWanted(label, json)) return json;
    const again = await archive.postJson('evm', body, label, signal, limits);
    if (ability && !isRpcError(again)) abilities?.learn(ability === 'blocks' ? 'oldBlocks' : ability, true, 'seen', true);
    return again;
  }

  /** Whether an info request of `label` would be refused here without being sent and with nobody to ask (see `ProviderClients.refuses`). */
  refusesInfo(label: string): boolean {
    const ability = abilityOfRequest('info', label);
    if (!ability || !this.options.abilities?.refuses(ability)) return false;
    // Where Hyperliquid's public API could answer it, the route decides each time: it sends nothing there
    // without the user's permission, and asks for it (once per window) on the first refusal.
    return !(publicDataKind(label) && this.options.publicFallback);
  }

  private async info(body: string, label: string, signal: AbortSignal | undefined, limits: AnswerLimits | undefined): Promise<unknown> {
    const ability = abilityOfRequest('info', label);
    const { abilities } = this.options;
    if (ability && abilities?.refuses(ability)) return this.publicOr(this.notServed(label), body, label, signal, limits);
    try {
      const json = await this.verified(this.provider.postJson('info', body, label, signal, limits), false);
      if (ability) abilities?.learn(ability, true, 'seen');
      return json;
    } catch (e) {
      if (!isRefusal(e)) throw e;
      if (ability) abilities?.learn(ability, false, 'seen');
      return this.publicOr(e, body, label, signal, limits);
    }
  }

  /** Whether what this connection shows holds system transactions (see `SystemTxCoverage`). */
  get systemTxCoverage(): SystemTxCoverage {
    if (this.options.systemTx !== undefined && !this.systemTxPathMissing) return 'included';
    return this.options.evmLeavesSystemTxsOut ? 'leftOut' : 'unknown';
  }

  /**
   * The path with system transactions as a poster of its own (for a transaction `/evm` has no receipt
   * of, or does not know), its answers handed on after the one chain check; undefined when the node has
   * no such path.
   */
  systemTxPoster(): JsonPoster | undefined {
    // Else the archive path: QuickNode's is nanoreth, which records system transactions as pseudo
    // transactions unless run hl-node compliant (hl-archive-node/nanoreth README).
    const path = (!this.systemTxPathMissing && this.options.systemTx) || this.options.archive;
    if (!path) return undefined;
    if (this.systemTxPosterOf?.path !== path) {
      const poster: JsonPoster = {
        postJson: (endpoint, body, label, signal, limits) => this.verified(path.postJson(endpoint, body, label, signal, limits), true),
      };
      this.systemTxPosterOf = { path, poster };
    }
    return this.systemTxPosterOf.poster;
  }

  /**
   * A block asked on the path with system transactions; undefined when there is none, or when it turns
   * out the node has none (HTTP 404) or serves no blocks there (-32601): `/evm` answers from then on.
   */
  private async viaSystemTxPath(body: string, label: string, signal?: AbortSignal, limits?: AnswerLimits): Promise<unknown> {
    const path = this.options.systemTx;
    if (!path || this.systemTxPathMissing) return undefined;
    try {
      const json = await this.verified(path.postJson('evm', body, label, signal, limits), true);
      if (!isRpcError(json, -32601)) {
        this.options.abilities?.learn('blocks', true, 'seen');
        return json;
      }
    } catch (e) {
      if (!(e instanceof ProviderError && e.kind === 'wrongPath')) throw e;
    }
    this.systemTxPathMissing = true;
    return undefined;
  }

  /** What each call of a batch answer teaches about what the provider serves, as a single call's would. */
  private learnFromBatch(body: string, json: unknown): void {
    const abilities = this.options.abilities;
    if (!abilities || !Array.isArray(json)) return;
    const methods = new Map<unknown, string>();
    for (const call of JSON.parse(body) as { id?: unknown; method?: unknown }[]) if (typeof call.method === 'string') methods.set(call.id, call.method);
    for (const answer of json) {
      const method = methods.get((answer as { id?: unknown } | null)?.id);
      const ability = method && abilityOfRequest('evm', method);
      if (ability) abilities.learn(ability, !isRpcError(answer, -32601), 'seen');
    }
  }

  /** The public API's answer where the user allowed it; else `refusal`, and the wish is said. */
  private publicOr(refusal: ProviderError, body: string, label: string, signal?: AbortSignal, limits?: AnswerLimits): Promise<unknown> {
    const kind = publicDataKind(label);
    const fallback = this.options.publicFallback;
    if (!kind || !fallback) throw refusal;
    if (!fallback.allowed(kind)) {
      fallback.wanted?.(kind, label);
      throw refusal;
    }
    fallback.budget.spend(label);
    return fallback.transport.postJson('info', body, label, signal, limits).then((json) => {
      fallback.budget.spendAnswer(label, json);
      return json;
    });
  }

  private notServed(label: string): ProviderError {
    const who = this.options.providerName ?? 'The provider';
    if (abilityOfRequest('info', label)) {
      return new ProviderError('refused', `${who} does not serve ${label} on its /info endpoint.`, { endpoint: 'info', status: 422 });
    }
    return new ProviderError('rpc', `${who} does not serve ${label} (JSON-RPC error -32601). Use a provider with the Otterscan (ots_*) methods.`, {
      endpoint: 'evm',
      rpcCode: -32601,
    });
  }

  /**
   * `answer`, once the chain is known to be the selected network's. A node for another chain is refused
   * for every request. `strict`: an `/evm` answer waits for the check to succeed; an `/info` answer (which
   * says nothing of the chain) is refused only when the check found another chain, so that a failing
   * `/evm` does not take the orders with it.
   */
  private async verified(answer: Promise<unknown>, strict: boolean): Promise<unknown> {
    const check = this.checkChain();
    const [checked, answered] = await Promise.allSettled([check, answer]);
    if (checked.status === 'rejected') {
      const e = checked.reason as unknown;
      if (strict || (e instanceof ProviderError && e.kind === 'wrongChain')) throw e;
    }
    if (answered.status === 'rejected') throw answered.reason;
    return answered.value;
  }

  /** A client's own `eth_chainId` (the workspace contracts ask it): answered from the one check, not asked again. */
  private async chainIdAnswer(body: string): Promise<unknown> {
    await this.checkChain();
    const id = (JSON.parse(body) as { id?: unknown }).id ?? null;
    return { jsonrpc: '2.0', id, result: `0x${(this.options.chainId as number).toString(16)}` };
  }

  /** The one `eth_chainId` of this connection (asked again only after a failure to get an answer). */
  private checkChain(): Promise<void> {
    const expected = this.options.chainId;
    if (expected === undefined) return Promise.resolve();
    this.probe();
    this.chainCheck ??= this.askChainId().then((chainId) => {
      if (chainId !== expected) {
        throw new ProviderError(
          'wrongChain',
          `The node answers for ${describeChain(chainId)}, but ${describeChain(expected)} is selected: its data is not shown. Check the base URL, or switch networks.`,
          { endpoint: 'evm' },
        );
      }
    });
    this.chainCheck.catch((e: unknown) => {
      if (!(e instanceof ProviderError && e.kind === 'wrongChain')) this.chainCheck = undefined;
    });
    return this.chainCheck;
  }

  private async askChainId(): Promise<number> {
    const json = await this.provider.postJson('evm', this.request('eth_chainId'), 'eth_chainId', undefined, SMALL);
    const result = (json as { result?: unknown } | null)?.result;
    if (typeof result !== 'string' || !HEX_SHORT_QUANTITY.test(result)) {
      throw new ProviderError('invalidResponse', 'The node did not say which chain it serves (its answer to eth_chainId is not a chain id).', {
        endpoint: 'evm',
      });
    }
    return Number.parseInt(result, 16);
  }

  /** `ots_getApiLevel` once, beside the chain check: whether the node has the Otterscan methods at all. */
  private probe(): void {
    const abilities = this.options.abilities;
    if (this.probed || !abilities || abilities.get('blocks').state === 'notServed') return;
    this.probed = true;
    this.provider.postJson('evm', this.request('ots_getApiLevel'), 'ots_getApiLevel', undefined, SMALL).then(
      (json) => {
        if (isRpcError(json, -32601)) {
          abilities.learn('blocks', false, 'probe');
          abilities.learn('traces', false, 'probe');
        } else if (json !== null && typeof json === 'object' && 'result' in json) abilities.learn('blocks', true, 'probe');
      },
      () => undefined, // a probe that fails teaches nothing; the requests themselves will
    );
  }

  private request(method: string): string {
    return JSON.stringify({ jsonrpc: '2.0', method, params: [], id: `hlx-${method}-${this.nextId++}` });
  }
}

function isRpcError(json: unknown, code?: number): boolean {
  const error = (json as { error?: { code?: unknown } } | null)?.error;
  return typeof error === 'object' && error !== null && (code === undefined || error.code === code);
}

/** Whether an `/evm` answer means "ask the archive": a block pruned here, or a trace not served here. */
function archiveWanted(label: string, json: unknown): boolean {
  const envelope = json as { result?: unknown; error?: { code?: unknown; message?: unknown } } | null;
  const nullResult = typeof envelope === 'object' && envelope !== null && 'result' in envelope && envelope.result === null;
  if (label === 'ots_traceTransaction') return isRpcError(json, -32601) || nullResult;
  if (!BLOCK_METHODS.has(label)) return false;
  const error = envelope?.error;
  if (error && typeof error.code === 'number') return isBlockNotFound(error.code, typeof error.message === 'string' ? error.message : '');
  return nullResult;
}
