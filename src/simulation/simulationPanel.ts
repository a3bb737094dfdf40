import * as vscode from 'vscode';
import type { ProviderClients } from '../core/provider';
import type { Address } from '../core/model';
import { describeError, isCancellation } from '../core/errors';
import { isRefusal } from '../core/providerRoute';
import { Commands, WebviewTypes } from '../ids';
import { runCommand } from '../platform/commands';
import { showRawJson } from '../platform/rawJsonShow';
import type { Services } from '../platform/services';
import { settings } from '../platform/settings';
import { copyToClipboard, OpenPanels, PanelHost, type LoadRun, type PanelPage } from '../platform/webviewPanel';
import { shortAddress } from '../view/format';
import { revealInvisibles } from '../view/escape';
import type { CommonProblemKind } from '../view/panelMessages';
import { workspaceContracts, type ContractDecoding } from '../contracts/api';
import { simulatedCallTree, transactionLabels } from '../transactions/api';
import { hyperCoreNamer } from '../hyperCore/api';
import { parseArgs } from './argParser';
import { parseFields } from './formFields';
import { simulationLabels } from './labels';
import { isSimulationWebviewMessage, MAX_RUNS, type ContractView, type RunView, type SimulationProtocol } from './protocol';
import { runReads, runSequence, runSimulation } from './simulationRun';
import type { ScriptTransaction } from './broadcastFile';
import { scriptRunViews, sequenceCalls } from './scriptViewModel';
import {
  calldataOf,
  compareRuns,
  coreActionDatas,
  failedRunView,
  precompileNeeds,
  contractFunctions,
  precompileFunctions,
  functionViews,
  readRunView,
  simulationRunView,
  type FormFunction,
  type RunAsked,
  type RunDecoding,
} from './simulationViewModel';

/** What the page shows: a contract's address, and the artifact chosen for it (the Explorer's context menu). */
export interface SimulationTarget {
  address: Address;
  abiUri?: string;
}

/** What simulating a script's transactions ended with, in its order (for tests). */
export interface ScriptResult {
  mode: 'together' | 'alone';
  outcomes: Array<{ title: string; outcome: RunView['outcome']; revert: string | null; error: string | null }>;
}

/** What Open Read & Simulate ended with (for tests and links). */
export interface SimulationResult {
  address: string;
  shown: 'contract' | 'loading' | CommonProblemKind;
  functions?: number;
}

/** How long a read or simulation runs before the page says it is running (a quicker one is drawn once, done). */
const BUSY_AFTER_MS = 150;

const page: PanelPage<SimulationProtocol, SimulationTarget> = {
  name: 'simulation',
  viewType: WebviewTypes.simulation,
  title: (target) => vscode.l10n.t('Read & Simulate {0}', shortAddress(target.address)),
  loadingText: (target) => vscode.l10n.t('Loading the contract {0}…', target.address),
  same: (a, b) => a.address === b.address && a.abiUri === b.abiUri,
  isMessage: isSimulationWebviewMessage,
  labels: (l10n) => simulationLabels(l10n, transactionLabels(l10n)),
};

/**
 * Read & Simulate for one address: its functions as forms, each read (`eth_call`) or simulated
 * (`debug_traceCall`, else `eth_call` and `eth_estimateGas`) on request, the results kept on the page
 * (newest first) and compared two at a time. Nothing is signed or sent.
 */
export class SimulationPanel extends PanelHost<SimulationProtocol, SimulationTarget, SimulationResult> {
  private static readonly panels = new OpenPanels(page, (services, panel, target: SimulationTarget) => new SimulationPanel(services, panel, target));

  private functions: FormFunction[] = [];
  private decoding?: ContractDecoding;
  private runs: RunView[] = [];
  private nextRun = 1;
  private work?: AbortController;
  private simulateRefused = false;

  /** Whether closing the extension closes the pages (registered with the first page, not at activation). */
  private static disposing = false;

  static createOrShow(services: Services, target: SimulationTarget): Promise<SimulationResult> {
    SimulationPanel.closeWithExtension(services);
    return SimulationPanel.panels.show(services, target);
  }

  /**
   * A Foundry script's transactions simulated on the page for `target`: `inOrder`, all in one block
   * (each on the state the ones before left) where the node serves eth_simulateV1, else each alone
   * against the same block. Resolves to the outcomes, in the script's order.
   */
  static async simulateScript(
    services: Services,
    target: SimulationTarget,
    script: string,
    txs: readonly ScriptTransaction[],
    inOrder: boolean,
  ): Promise<ScriptResult | undefined> {
    await SimulationPanel.createOrShow(services, target);
    const host = SimulationPanel.panels.showing(target, services.connection.network);
    return host instanceof SimulationPanel ? host.runScript(script, txs, inOrder) : undefined;
  }

  static revive(services: Services, panel: vscode.WebviewPanel, target: SimulationTarget | undefined): void {
    SimulationPanel.closeWithExtension(services);
    SimulationPanel.panels.revive(services, panel, target);
  }

  private static closeWithExtension(services: Services): void {
    if (SimulationPanel.disposing) return;
    SimulationPanel.disposing = true;
    services.context.subscriptions.push({ dispose: () => SimulationPanel.disposeAll() });
  }

  static disposeAll(): void {
    SimulationPanel.panels.disposeAll();
  }

  private constructor(services: Services, panel: vscode.WebviewPanel, target: SimulationTarget) {
    super(services, panel, page, target, { kind: 'loading', address: target.address });
    this.disposables.push({ dispose: () => this.work?.abort() });
  }

  protected result(): SimulationResult {
    const v = this.view;
    if (v.kind === 'contract') return { address: this.target.address, shown: 'contract', functions: v.contract.functions.length };
    return { address: this.target.address, shown: v.kind === 'problem' ? v.problem : 'loading' };
  }

  protected startLoading(): void {
    this.post({ kind: 'loading', address: this.target.address });
  }

  protected async fetchAndShow(clients: ProviderClients, run: LoadRun): Promise<void> {
    const title = vscode.l10n.t('Loading the contract {0}…', shortAddress(this.target.address));
    const decoding = await this.fetch(title, run, () =>
      workspaceContracts(this.services).contractDecoding(clients, this.target.address, this.target.abiUri, run.abort.signal),
    );
    this.decoding = decoding;
    this.functions = [...contractFunctions(decoding?.abis ?? []), ...precompileFunctions()];
    this.show();
  }

  private contractView(busy: boolean): ContractView {
    const d = this.decoding;
    const named = d?.decoder.contractAt(this.target.address);
    const abis = d?.abis ?? [];
    const previous = this.view.kind === 'contract' ? this.view.contract.compare : null;
    return {
      address: this.target.address,
      name: named?.name ?? abis[0]?.name ?? null,
      abiNote: abis.map((a) => `${a.name} (${a.file.path})`).join(', '),
      implementation: d?.implementation ?? null,
      functions: functionViews(this.functions),
      hasAbi: abis.length > 0,
      runs: this.runs,
      compare: previous && this.runs.some((r) => r.id === previous.a) && this.runs.some((r) => r.id === previous.b) ? previous : null,
      traceRefused: this.services.connection.abilities(this.network).refuses('simulation'),
      busy,
    };
  }

  private show(busy = false, compare?: ContractView['compare']): void {
    const contract = this.contractView(busy);
    this.post({ kind: 'contract', contract: compare !== undefined ? { ...contract, compare } : contract });
  }

  protected failureWords(): { log: string; cancelled: string } {
    return {
      log: `Read & Simulate ${shortAddress(this.target.address)}`,
      cancelled: vscode.l10n.t('Loading the contract {0} was cancelled.', this.target.address),
    };
  }

  protected problem(problem: CommonProblemKind, message: string): void {
    this.post({ kind: 'problem', problem, address: this.target.address, message });
  }

  protected async onMessage(m: SimulationProtocol['webview']): Promise<void> {
    switch (m.type) {
      case 'read':
        return this.read(m.calls, m.block);
      case 'simulate':
        return this.simulate(m);
      case 'compare': {
        const a = this.runs.find((r) => r.id === m.a);
        const b = this.runs.find((r) => r.id === m.b);
        if (a && b) this.show(false, compareRuns(a, b, vscode.l10n.t));
        return;
      }
      case 'closeCompare':
        this.show(false, null);
        return;
      case 'openContract': {
        const c = this.decoding?.decoder.contractAt(m.address);
        const uri = c?.abi?.file.uri ?? c?.deployment.uri;
        if (uri) await runCommand(Commands.openContractFile, uri);
        return;
      }
      case 'openBlock':
        await runCommand(Commands.lookUpBlock, m.number);
        return;
      case 'copyInput': {
        const last = this.runs[0];
        if (last) await copyToClipboard(last.calldata);
        return;
      }
    }
  }

  private decodingForRuns(): RunDecoding {
    return { ...(this.decoding ? { decoder: this.decoding.decoder } : {}), abis: this.decoding?.abis ?? [] };
  }

  /** Reads (`eth_call`), all in one batch. */
  private async read(calls: Array<{ fn: number; args: string[] }>, blockText: string): Promise<void> {
    const t = vscode.l10n.t;
    const fields = parseFields({ block: blockText }, t);
    const first = calls[0]!;
    if (!fields.ok) return this.send({ type: 'formErrors', fn: first.fn, errors: [], fields: fields.errors });
    const asked: RunAsked[] = [];
    for (const c of calls) {
      const fn = this.functions[c.fn];
      if (!fn) return;
      const parsed = parseArgs(fn.inputs, c.args, t);
      if (!parsed.ok) return this.send({ type: 'formErrors', fn: c.fn, errors: parsed.errors, fields: {} });
      asked.push(this.asked('read', c.fn, fn, c.args, parsed.values, calldataOf(fn, parsed.values), undefined, 0n, '', '', blockText));
    }
    this.send({ type: 'formErrors', fn: first.fn, errors: [], fields: {} });
    await this.running(async (clients, signal) => {
      const requests = asked.map((a) => ({ to: a.to as Address, data: a.calldata as `0x${string}` }));
      const precompiles = asked.filter((a) => this.functions[a.fn!]?.precompile !== undefined);
      // HyperCore's names go out beside the reads (and are kept per connection): no round trip of their own.
      const [{ reads, blockNumber }, namer] = await Promise.all([
        runReads(clients.evm, requests, fields.fields.block, signal),
        precompiles.length ? hyperCoreNamer(this.services, clients, precompileNeeds(precompiles, this.functions), signal) : undefined,
      ]);
      const decoding = this.decodingForRuns();
      return reads.map((r, i) => {
        const a = asked[i]!;
        const precompile = this.functions[a.fn!]?.precompile !== undefined;
        const output = r.result.ok && r.result.value.kind === 'returned' ? r.result.value.data : undefined;
        const words = precompile && namer && output !== undefined ? namer([{ to: a.to, input: a.calldata, output }], []) : undefined;
        const coreRead = words ? { coreRead: words.reads[0] ?? null, namesProblem: words.namesProblem } : null;
        return readRunView(a, r.result, blockNumber, decoding, t, precompile, coreRead);
      });
    });
  }

  /** One simulation: the node's call tree where it serves `debug_traceCall`. */
  private async simulate(m: Extract<SimulationProtocol['webview'], { type: 'simulate' }>): Promise<void> {
    const t = vscode.l10n.t;
    const fn = m.fn === null ? undefined : this.functions[m.fn];
    if (m.fn !== null && !fn) return;
    const fields = parseFields(
      { block: m.block, from: m.from, value: m.value, ...(fn ? {} : { calldata: m.calldata }) },
      t,
      fn ? fn.stateMutability === 'payable' : true,
    );
    const parsed = fn ? parseArgs(fn.inputs, m.args, t) : ({ ok: true, values: [] } as const);
    if (!fields.ok || !parsed.ok) {
      return this.send({ type: 'formErrors', fn: m.fn, errors: parsed.ok ? [] : parsed.errors, fields: fields.ok ? {} : fields.errors });
    }
    this.send({ type: 'formErrors', fn: m.fn, errors: [], fields: {} });
    const f = fields.fields;
    const calldata = fn ? calldataOf(fn, parsed.values) : f.calldata!;
    const asked = this.asked('simulate', m.fn, fn, m.args, fn ? parsed.values : null, calldata, f.from, f.value, m.from, m.value, m.block);
    await this.running(async (clients, signal) => {
      const refused = this.services.connection.abilities(this.network).refuses('simulation');
      const call = { to: this.target.address, data: calldata, ...(f.from ? { from: f.from } : {}), ...(f.value > 0n ? { value: f.value } : {}) };
      let sim;
      try {
        sim = await runSimulation(clients.evm, call, f.block, refused, signal, this.simulateRefused);
        // A provider that refuses eth_simulateV1 is not asked again by this page.
        if (sim.simulateFailure && isRefusal(sim.simulateFailure)) this.simulateRefused = true;
      } catch (e) {
        if (isCancellation(e) || signal.aborted) throw e;
        return [failedRunView(asked, revealInvisibles(describeError(e, t)), t)];
      }
      const decoding = this.decodingForRuns();
      const hyperCore = settings.transactionsDecodeHyperCore();
      const tree = sim.frames ? simulatedCallTree(sim.frames, decoding.decoder, t, hyperCore) : null;
      const datas = hyperCore ? coreActionDatas(sim.frames ?? [], sim.reverted ? [] : sim.logs) : [];
      // Only a run that would send CoreWriter actions asks for HyperCore's names (once per connection).
      const namer = datas.length ? await hyperCoreNamer(this.services, clients, { spot: true, perps: true }, signal) : undefined;
      const words = namer?.([], datas);
      return [simulationRunView(asked, sim, tree, decoding, t, words && { actions: words.actions, namesProblem: words.namesProblem })];
    });
  }

  private async runScript(script: string, txs: readonly ScriptTransaction[], inOrder: boolean): Promise<ScriptResult | undefined> {
    const t = vscode.l10n.t;
    let result: ScriptResult | undefined;
    await this.running(async (clients, signal) => {
      const traceRefused = this.services.connection.abilities(this.network).refuses('simulation');
      const options = { inOrder, traceRefused, simulateRefused: this.simulateRefused };
      const seq = await runSequence(clients.evm, sequenceCalls(txs), 'latest', options, signal);
      if (seq.simulateFailure && isRefusal(seq.simulateFailure)) this.simulateRefused = true;
      const decoding = this.decodingForRuns();
      const hyperCore = settings.transactionsDecodeHyperCore();
      const treeOf = (frames: Parameters<typeof simulatedCallTree>[0]) => simulatedCallTree(frames, decoding.decoder, t, hyperCore);
      const views = scriptRunViews(script, txs, seq, decoding, t, () => this.nextRun++, treeOf);
      result = { mode: seq.mode, outcomes: views.map((v) => ({ title: v.title, outcome: v.outcome, revert: v.revert?.text ?? null, error: v.error })) };
      return views;
    });
    return result;
  }

  private asked(
    kind: RunView['kind'],
    index: number | null,
    fn: FormFunction | undefined,
    argTexts: string[],
    values: RunAsked['values'],
    calldata: string,
    from: Address | undefined,
    value: bigint,
    fromText: string,
    valueText: string,
    blockText: string,
  ): RunAsked {
    return {
      id: this.nextRun++,
      kind,
      fn: index,
      title: fn ? fn.name : vscode.l10n.t('Raw calldata'),
      argTexts,
      inputs: fn ? fn.inputs : null,
      values,
      calldata,
      to: fn?.precompile ?? this.target.address,
      from: from ?? null,
      value,
      fromText,
      valueText,
      blockText,
      outputs: fn ? fn.outputs : null,
    };
  }

  /** Runs `work` with the connection's clients, the page marked busy meanwhile; what it brings goes on top of the results. */
  private async running(work: (clients: ProviderClients, signal: AbortSignal) => Promise<RunView[]>): Promise<void> {
    this.work?.abort();
    const abort = new AbortController();
    this.work = abort;
    // Shown as running only when it takes a while: a read that answers at once is drawn once, with its result.
    const busy = setTimeout(() => this.work === abort && !this.disposed && this.show(true), BUSY_AFTER_MS);
    try {
      const clients = await this.services.connection.clients(this.network);
      if (!clients) {
        this.show(false);
        await runCommand(Commands.setApiKey);
        return;
      }
      const views = await work(clients, abort.signal);
      if (abort.signal.aborted) return;
      this.runs = [...views, ...this.runs].slice(0, MAX_RUNS);
    } catch (e) {
      if (isCancellation(e) || abort.signal.aborted) return;
      this.services.log.warn(`Read & Simulate ${shortAddress(this.target.address)}: ${describeError(e)}`);
      this.send({ type: 'formErrors', fn: null, errors: [], fields: { block: describeError(e, vscode.l10n.t) } });
    } finally {
      clearTimeout(busy);
      if (this.work === abort) {
        this.work = undefined;
        if (!this.disposed) this.show(false);
      }
    }
  }

  /** What the page shows, as data: the functions and every result. */
  protected async showRawJson(): Promise<void> {
    const raw = { address: this.target.address, functions: functionViews(this.functions), results: this.runs };
    await showRawJson(`simulation-${this.target.address}`, raw, vscode.l10n.t('Read & Simulate {0}', shortAddress(this.target.address)));
  }
}
