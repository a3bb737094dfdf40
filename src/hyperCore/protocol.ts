/**
 * The transaction page's HyperCore section, as the webview gets it: strings only, made by
 * `hyperCoreViewModel.ts`, and the section's words. Both sides import this file (types only).
 */
import type { CountLabel } from '../view/panelMessages';

/** One named value: a label and what it reads, `mono` for hex and addresses. */
export interface HyperCoreFieldView {
  label: string;
  value: string;
  mono?: boolean;
}

/**
 * Where an action stands as far as HyperEVM can tell: `sent` (CoreWriter logged it in a successful
 * transaction: HyperCore may still reject it), `reverted` (the transaction failed: nothing was sent),
 * `pending` (not in a block yet), `unknown` (the receipt could not be read).
 */
export type HyperCoreActionState = 'sent' | 'reverted' | 'pending' | 'unknown';

/** A CoreWriter action. */
export interface HyperCoreActionView {
  /** "Limit order", or "Action 14" for one the table does not list. */
  title: string;
  /** Its id in the action table, decimal. */
  actionId: string | null;
  /** One sentence in human units ("Buy 0.25 BTC at 101,000"); null when the data did not decode. */
  summary: string | null;
  state: HyperCoreActionState;
  /** The account it acts for (the RawAction log's `user`), when known. */
  user: string | null;
  fields: HyperCoreFieldView[];
  /** Why the data could not be read. */
  problem: string | null;
  /** The raw action data, 0x hex. */
  data: string;
}

/** A HyperCore → HyperEVM transfer (a system transaction). */
export interface HyperCoreTransferView {
  /** "0.5 UBTC from HyperCore to 0x…". */
  summary: string;
  /** The token's name ("HYPE", "UBTC", "token 197"). */
  token: string;
  /** In the token's units, exact, grouped. */
  amount: string;
  recipient: string;
  fields: HyperCoreFieldView[];
  /** A caveat: the contract is not the token's linked one, or the decimals are not known. */
  note: string | null;
}

/** A call to a read precompile (from the trace). */
export interface HyperCoreReadView {
  /** "oracle price". */
  name: string;
  address: string;
  inputs: HyperCoreFieldView[];
  outputs: HyperCoreFieldView[];
  problem: string | null;
}

export interface HyperCoreView {
  actions: HyperCoreActionView[];
  actionsNotShown: number;
  transfer: HyperCoreTransferView | null;
  reads: HyperCoreReadView[];
  readsNotShown: number;
  /** Why names are missing: the metadata request failed (the rest still shows, with numbers). */
  namesProblem: string | null;
}

/** The section's words, localized by the host (the page's labels hold them, each prefixed `hc`). */
export interface HyperCoreLabels {
  hcTitle: string;
  hcActions: string;
  hcStateSent: string;
  hcStateReverted: string;
  hcStatePending: string;
  hcStateUnknown: string;
  hcActingFor: string;
  hcActionData: string;
  hcActionsNotShown: CountLabel;
  hcTransfer: string;
  hcReads: string;
  hcReadsNotShown: CountLabel;
  hcInputs: string;
  hcOutputs: string;
  hcNamesProblem: string;
}
