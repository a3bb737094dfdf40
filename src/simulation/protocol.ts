/**
 * The messages between the Read & Simulate panel (extension host) and its webview script. Both sides
 * import this file. Plain data, made for display by the view-model; never HTML. Everything the webview
 * sends is checked here before the host acts on it (sizes, kinds, indexes).
 */
import { isAddress, lowerHex } from '../core/hex';
import { isWebviewMessageOf, isWhole, type CommonProblemKind, type HostMessageOf, type WebviewMessageOf } from '../view/panelMessages';
import type { ArgView, CallTreeView, DecodedView, TransactionLabels } from '../transactions/protocol';
import type { HyperCoreReadView } from '../hyperCore/protocol';

/** One argument of a function's form. */
export interface InputView {
  name: string;
  /** As the ABI says it, tuples spelled out: `(address owner, uint256 amount)[]`. */
  type: string;
  /** How to type it: `0x… (40 hex digits)`, `[1, 2]`. */
  hint: string;
}

/** A function of the contract's ABI (or a HyperCore read precompile), as a form. */
export interface FunctionView {
  /** Its index in `ContractView.functions`: what the webview sends back. */
  index: number;
  name: string;
  /** `balanceOf(address)`. */
  signature: string;
  selector: string;
  /** `read`: view or pure (eth_call); `write`: anything else (simulated). */
  kind: 'read' | 'write';
  payable: boolean;
  inputs: InputView[];
  /** What it returns, as types: `(uint256 left)`. */
  returns: string;
  /** A HyperCore read precompile (results in human units; the `latest` caveat applies). */
  precompile: boolean;
}

/** An event the run emitted. */
export interface EventView {
  address: string;
  decoded: DecodedView | null;
  topics: string[];
  data: string;
}

/** One read or simulation, ready to show. */
export interface RunView {
  id: number;
  kind: 'read' | 'simulate';
  /** The function's index, or null for raw calldata. */
  fn: number | null;
  title: string;
  /** What was typed, per argument (for Change and re-run). */
  argTexts: string[];
  args: ArgView[];
  calldata: string;
  from: string | null;
  valueHype: string | null;
  /** What was typed for the value (wei), the sender and the block, for Change and re-run. */
  valueText: string;
  fromText: string;
  blockText: string;
  /** "latest" or a number, grouped; with the block the node ran it on when known. */
  block: string;
  outcome: 'returned' | 'reverted' | 'failed';
  /** Decoded with the function's outputs, by name. */
  returned: ArgView[] | null;
  /** The raw return (or revert) data, cut to 10,000 characters. */
  data: string;
  /** Why it reverted: the custom error decoded, or Error(string), Panic, none. */
  revert: { text: string; decoded: DecodedView | null } | null;
  /** The request itself failed (not a revert): the message. */
  error: string | null;
  gasUsed: string | null;
  /** The fee at the small-block and big-block gas prices; null when the price could not be read. */
  feeSmall: { hype: string; gwei: string } | null;
  feeBig: { hype: string; gwei: string } | null;
  events: EventView[] | null;
  tree: CallTreeView | null;
  /** `trace`: debug_traceCall answered; `simulate`: eth_simulateV1 (no tree); `call`: eth_call and eth_estimateGas, and what is then missing. */
  source: 'trace' | 'simulate' | 'call';
  missing: string | null;
  /** CoreWriter actions in the call tree, read as what they would send ("would be sent to HyperCore"). */
  coreActions: string[];
  /** A read of a HyperCore precompile at `latest`: the node may not forward it. */
  precompileCaveat: boolean;
  /** A read precompile's answer in human units (sizes in the perp's szDecimals, USDC, token balances), with its inputs named. */
  coreRead: HyperCoreReadView | null;
  /** Why HyperCore's names are missing (the metadata request failed): numbers stay as sent. */
  namesProblem: string | null;
}

/** Two runs side by side. */
export interface CompareView {
  a: number;
  b: number;
  rows: Array<{ label: string; a: string; b: string; same: boolean }>;
}

export interface ContractView {
  address: string;
  /** The workspace's name of the address (its deployment record), or the chosen artifact's. */
  name: string | null;
  /** Where the ABIs came from ("Counter (out/Counter.sol/Counter.json)"), and a proxy's implementation. */
  abiNote: string;
  implementation: string | null;
  functions: FunctionView[];
  /** The workspace gave an ABI for the address (else only the precompiles and raw calldata are offered). */
  hasAbi: boolean;
  runs: RunView[];
  compare: CompareView | null;
  /** The provider is known not to serve debug_traceCall. */
  traceRefused: boolean;
  /** What the form says when a run is under way. */
  busy: boolean;
}

export type SimulationPanelView =
  | { kind: 'loading'; address: string }
  | { kind: 'contract'; contract: ContractView }
  | { kind: 'problem'; problem: CommonProblemKind; address: string; message: string };

/** Every word the page shows, localized by the host: the transaction page's (for the call tree) and its own. */
export interface SimulationLabels extends TransactionLabels {
  simTitle: string;
  simNavigation: string;
  readOnlyNote: string;
  noAbi: string;
  abiFrom: string;
  implementationNote: string;
  readFunctions: string;
  writeFunctions: string;
  precompiles: string;
  precompileCaveat: string;
  inHumanUnits: string;
  namesProblem: string;
  rawCalldata: string;
  read: string;
  readAllNoArgs: string;
  simulate: string;
  fromLabel: string;
  valueLabel: string;
  blockLabel: string;
  blockHint: string;
  calldataLabel: string;
  running: string;
  runs: string;
  noRuns: string;
  returnedLabel: string;
  revertedLabel: string;
  failedLabel: string;
  simulatedAt: string;
  readAt: string;
  gasUsedLabel: string;
  feeSmall: string;
  feeBig: string;
  atGasPrice: string;
  events: string;
  noEvents: string;
  wouldSend: string;
  missingNote: string;
  change: string;
  compareWith: string;
  compareTitle: string;
  compareField: string;
  same: string;
  differs: string;
  closeCompare: string;
  rawData: string;
  traceRefused: string;
  argument: string;
}

export interface SimulationProtocol {
  labels: SimulationLabels;
  view: SimulationPanelView;
  /** Mistakes in what was typed, per argument of the function (null: fine), and for the sender, value, block, calldata. */
  host: { type: 'formErrors'; fn: number | null; errors: Array<string | null>; fields: Partial<Record<FormField, string>> };
  webview:
    | { type: 'read'; calls: Array<{ fn: number; args: string[] }>; block: string }
    | { type: 'simulate'; fn: number | null; args: string[]; calldata: string; from: string; value: string; block: string }
    | { type: 'compare'; a: number; b: number }
    | { type: 'closeCompare' }
    | { type: 'openContract'; address: string }
    | { type: 'openBlock'; number: number }
    | { type: 'copyInput' };
  state: { address: string; abiUri?: string };
}

export type FormField = 'from' | 'value' | 'block' | 'calldata';

/** The longest text the webview may send for one field (calldata: 128 KB as hex). */
export const MAX_FIELD_TEXT = 300 * 1024;
/** The most reads sent at once (one batch). */
export const MAX_READS_AT_ONCE = 50;
/** The most runs the page keeps. */
export const MAX_RUNS = 20;

export type SimulationHostMessage = HostMessageOf<SimulationProtocol>;
export type SimulationWebviewMessage = WebviewMessageOf<SimulationProtocol>;

const isText = (x: unknown): x is string => typeof x === 'string' && x.length <= MAX_FIELD_TEXT;
const isTexts = (x: unknown): x is string[] => Array.isArray(x) && x.length <= 64 && x.every(isText);

/** Checks a message from the webview before the host acts on it (the webview is the less trusted side). */
export function isSimulationWebviewMessage(value: unknown): value is SimulationWebviewMessage {
  return isWebviewMessageOf<SimulationProtocol>(value, (m) => {
    switch (m.type) {
      case 'read':
        return (
          isText(m.block) &&
          Array.isArray(m.calls) &&
          m.calls.length > 0 &&
          m.calls.length <= MAX_READS_AT_ONCE &&
          m.calls.every((c: unknown) => typeof c === 'object' && c !== null && isWhole((c as { fn?: unknown }).fn) && isTexts((c as { args?: unknown }).args))
        );
      case 'simulate':
        return (m.fn === null || isWhole(m.fn)) && isTexts(m.args) && isText(m.calldata) && isText(m.from) && isText(m.value) && isText(m.block);
      case 'compare':
        return isWhole(m.a) && isWhole(m.b);
      case 'closeCompare':
      case 'copyInput':
        return true;
      case 'openContract':
        return isAddress(m.address);
      case 'openBlock':
        return isWhole(m.number);
      default:
        return false;
    }
  });
}

/** Reads the state a revived panel carries; anything else is ignored. */
export function panelStateTarget(state: unknown): { address: `0x${string}`; abiUri?: string } | undefined {
  const s = state as Partial<SimulationProtocol['state']> | null | undefined;
  if (!isAddress(s?.address)) return undefined;
  return { address: lowerHex(s.address), ...(typeof s.abiUri === 'string' && s.abiUri.length < 4096 ? { abiUri: s.abiUri } : {}) };
}
