/**
 * The transaction panel's script (browser), in the shell every page shares (src/webview/page.ts). It
 * builds the page with createElement and textContent only: every value comes from the network and is
 * inserted as text, never parsed as HTML.
 */
import { button, el, field, format, formatCount, type Child } from '../../webview/dom';
import { pageShell, type ContentView } from '../../webview/page';
import { renderHyperCore } from '../../hyperCore/webview/api';
import type {
  ContractNameView,
  DecodedLogView,
  DecodedView,
  LogView,
  PartFailure,
  RevertView,
  TraceView,
  TransactionProtocol,
  TransactionView,
} from '../protocol';
import { renderCallTree, type TreeContext } from './callTree';
import { nameOf, renderDecoded } from './decoded';

const page = pageShell<TransactionProtocol>();
const { labels, post, status, copyButton, explorerLink } = page;

const hashOf = (v: TransactionProtocol['view']) => (v.kind === 'transaction' ? v.tx.hash : v.hash);

/** The explorer and Show Raw JSON (the shell's) only. */
function toolbar(v: TransactionProtocol['view']) {
  return { label: labels.navigation, own: [], explorer: { kind: 'tx', hash: hashOf(v) } as const, raw: v.kind === 'transaction' };
}

function content(v: ContentView<TransactionProtocol>) {
  return { nodes: renderTransaction(v.tx, v.retrying), status: v.retrying ? labels.retrying : `${labels.title}: ${statusText(v.tx.status)}`, busy: v.retrying };
}

// ---- small pieces ----

/** The workspace's names of the addresses on show (set for each transaction rendered). */
let names: ReadonlyMap<string, ContractNameView> = new Map();
const decodedContext = (): TreeContext => ({ labels, post, names, address, hype: labels.hype });

function address(a: string, what: string, dataField?: string): Child[] {
  return [explorerLink(a, { kind: 'address', address: a }, dataField), copyButton(a, what), nameOf(a, decodedContext())];
}

/** The call tree's rows show names on their own (after the address); other places through `address`. */
function bareAddress(a: string, what: string): Child[] {
  return [explorerLink(a, { kind: 'address', address: a }), copyButton(a, what)];
}

function statusText(s: TransactionView['status']): string {
  return {
    success: labels.statusSuccess,
    failed: labels.statusFailed,
    pending: labels.statusPending,
    unknown: labels.statusUnknown,
    noReceipt: labels.statusNoReceipt,
  }[s];
}

/** A part that could not be loaded: what happened, and Retry unless the node does not serve it at all. */
function partProblem(text: string, f: PartFailure, retrying: boolean, part: string): HTMLElement {
  return el(
    'div',
    { class: 'banner', role: 'alert', 'data-part': part },
    el('span', {}, text),
    f.unsupported ? null : ' ',
    f.unsupported
      ? null
      : button(retrying ? labels.retrying : labels.retry, () => post({ type: 'retry' }), { 'data-action': `retry-${part}`, disabled: retrying }),
  );
}

// ---- the transaction ----

function renderTransaction(tx: TransactionView, retrying: boolean): HTMLElement[] {
  names = new Map((tx.workspace?.names ?? []).map((n) => [n.address, n]));
  const hype = (amount: string) => `${amount} ${labels.hype}`;
  const weiNote = (amount: string) => el('span', { class: 'secondary mono' }, ` (${amount} ${labels.wei})`);
  const fields = el('dl', { class: 'fields' });
  fields.append(
    ...field(labels.hash, el('span', { class: 'mono wrap', 'data-field': 'hash' }, tx.hash), copyButton(tx.hash, labels.hash)),
    ...field(labels.status, el('span', { class: `badge status-${tx.status}`, 'data-field': 'status' }, statusText(tx.status))),
  );
  if (tx.revert) fields.append(...field(labels.revertReason, renderRevert(tx.revert, retrying, tx.workspace?.error ?? null)));
  fields.append(...field(labels.block, ...renderBlock(tx)));
  if (tx.timeUtc !== null)
    fields.append(
      ...field(
        labels.time,
        el('span', { 'data-field': 'time' }, tx.timeUtc),
        ' ',
        el('span', { class: 'secondary', 'data-field': 'timeRelative' }, `(${tx.timeRelative})`),
      ),
    );
  fields.append(...field(labels.from, ...address(tx.from, labels.from, 'from')));
  if (tx.to !== null) fields.append(...field(labels.to, ...address(tx.to, labels.to, 'to')));
  else {
    fields.append(...field(labels.to, el('span', { class: 'secondary', 'data-field': 'to' }, labels.contractCreation)));
    if (tx.createdAddress !== null) fields.append(...field(labels.createdContract, ...address(tx.createdAddress, labels.createdContract, 'created')));
  }
  fields.append(
    ...field(labels.value, el('span', { 'data-field': 'value' }, hype(tx.valueHype)), weiNote(tx.valueWei)),
    ...field(
      labels.fee,
      ...(tx.feeHype !== null && tx.feeWei !== null
        ? [el('span', { 'data-field': 'fee' }, hype(tx.feeHype)), weiNote(tx.feeWei)]
        : [el('span', { 'data-field': 'fee' }, labels.notAvailable)]),
    ),
    ...field(
      labels.gasUsed,
      el(
        'span',
        { 'data-field': 'gas' },
        tx.gasUsed !== null && tx.gasPercent !== null
          ? format(labels.gasUsedOf, tx.gasUsed, tx.gasLimit, tx.gasPercent)
          : `${labels.notAvailable} (${labels.gasLimit} ${tx.gasLimit})`,
      ),
    ),
    ...field(labels.gasPrice, el('span', { 'data-field': 'gasPrice' }, tx.gasPriceGwei !== null ? `${tx.gasPriceGwei} ${labels.gwei}` : labels.notAvailable)),
    ...field(labels.nonce, el('span', { class: 'mono', 'data-field': 'nonce' }, tx.nonce)),
    ...field(labels.type, el('span', { 'data-field': 'type' }, tx.type ?? labels.notAvailable)),
    ...field(labels.method, renderMethod(tx.method), tx.workspace?.method ? renderDecoded(tx.workspace.method, decodedContext(), 'methodDecoded') : null),
  );
  if (tx.workspace) fields.append(...field(labels.decoded, el('span', { class: 'secondary', 'data-field': 'workspaceNote' }, tx.workspace.note)));
  const heading = el('h1', { tabindex: -1, id: 'tx-title' }, labels.title, ' ', el('span', { class: `badge status-${tx.status}` }, statusText(tx.status)));
  const receiptProblem = tx.receiptFailure
    ? partProblem(format(labels.receiptFailed, tx.receiptFailure.message), tx.receiptFailure, retrying, 'receipt')
    : null;
  const leftOut = tx.systemTxsLeftOut ? el('div', { class: 'banner', role: 'note', 'data-notice': 'systemTxsLeftOut' }, labels.systemTxsLeftOut) : null;
  return [
    el('section', { class: 'transaction', 'aria-labelledby': 'tx-title' }, heading, receiptProblem, leftOut, fields),
    ...(tx.hyperCore ? [renderHyperCore(tx.hyperCore, labels, { address })] : []),
    renderInput(tx),
    renderLogs(tx),
    renderCallTree(tx.callTree, { ...decodedContext(), address: bareAddress }),
    renderTrace(tx.trace, retrying),
  ].filter((e): e is HTMLElement => e !== null);
}

function renderRevert(r: RevertView, retrying: boolean, decoded: DecodedView | null): HTMLElement {
  switch (r.kind) {
    case 'error':
      return el('span', { class: 'revert', 'data-field': 'revert' }, format(labels.revertError, r.message));
    case 'panic':
      return el('span', { class: 'revert', 'data-field': 'revert' }, format(labels.revertPanic, r.code, r.meaning ?? labels.notAvailable));
    case 'custom':
      return el(
        'span',
        { class: 'revert', 'data-field': 'revert' },
        decoded ? format(labels.revertCustom, decoded.name) : format(labels.revertCustom, r.selector),
        decoded ? renderDecoded(decoded, decodedContext(), 'errorDecoded') : null,
        el('pre', { class: 'mono data', tabindex: 0 }, r.data),
      );
    case 'none':
      return el('span', { class: 'revert secondary', 'data-field': 'revert' }, labels.revertNone);
    case 'failed':
      return partProblem(r.unsupported ? labels.revertUnsupported : format(labels.revertFailed, r.message), r, retrying, 'revert');
  }
}

function renderBlock(tx: TransactionView): Child[] {
  if (tx.blockNumberText === null) return [el('span', { class: 'secondary', 'data-field': 'block' }, labels.statusPending)];
  const number = tx.blockNumber;
  const link =
    number !== null
      ? button(tx.blockNumberText, () => post({ type: 'openBlock', number }), {
          class: 'link',
          title: format(labels.openBlock, tx.blockNumberText),
          'data-field': 'block',
        })
      : el('span', { 'data-field': 'block' }, tx.blockNumberText);
  return [
    link,
    tx.position !== null ? el('span', { class: 'secondary', 'data-field': 'position' }, ` · ${format(labels.blockAndPosition, tx.position)}`) : null,
  ];
}

function renderMethod(m: TransactionView['method']): HTMLElement {
  switch (m.kind) {
    case 'creation':
      return el('span', { class: 'secondary', 'data-field': 'method' }, labels.contractCreation);
    case 'transfer':
      return el('span', { class: 'secondary', 'data-field': 'method' }, labels.valueTransfer);
    case 'call':
      return m.name !== null
        ? el('span', { 'data-field': 'method' }, m.name, ' ', el('span', { class: 'secondary mono' }, m.selector))
        : el('span', { class: 'mono', 'data-field': 'method' }, m.selector);
  }
}

function renderInput(tx: TransactionView): HTMLElement {
  const copy = button(
    labels.copy,
    () => {
      post({ type: 'copyInput' });
      status.textContent = labels.copied;
    },
    { 'data-action': 'copyInput', 'aria-label': labels.copyInput },
  );
  return el(
    'section',
    { class: 'input', 'aria-labelledby': 'input-title' },
    el(
      'h2',
      { id: 'input-title' },
      labels.inputData,
      ' ',
      el('span', { class: 'secondary', 'data-field': 'inputBytes' }, `(${formatCount(labels.inputBytes, tx.inputBytes)})`),
      ' ',
      copy,
    ),
    el('pre', { class: 'mono data', tabindex: 0, 'aria-labelledby': 'input-title', 'data-field': 'input' }, tx.input),
    tx.inputCut ? el('p', { class: 'secondary note' }, labels.inputCut) : null,
  );
}

function renderLogs(tx: TransactionView): HTMLElement {
  const section = el('section', { class: 'logs', 'aria-labelledby': 'logs-title' });
  const title = el('h2', { id: 'logs-title' }, labels.logs);
  if (tx.logs === null) {
    section.append(title, el('p', { class: 'secondary' }, labels.notAvailable));
    return section;
  }
  title.append(' ', el('span', { class: 'secondary' }, `(${tx.logs.length + tx.logsNotShown})`));
  section.append(title);
  if (tx.logs.length === 0) section.append(el('p', { class: 'empty' }, labels.noLogs));
  tx.logs.forEach((log, i) => section.append(renderLog(log, tx.workspace?.logs[i] ?? null)));
  if (tx.logsNotShown > 0) section.append(el('p', { class: 'secondary note' }, formatCount(labels.logsNotShown, tx.logsNotShown)));
  return section;
}

function renderLog(log: LogView, event: DecodedView | null): HTMLElement {
  const topics = el('ol', { class: 'topics mono', start: 0 }, ...log.topics.map((t) => el('li', { class: 'wrap' }, t)));
  return el(
    'article',
    { class: 'log', 'data-log': log.index },
    el('div', { class: 'log-head' }, el('span', { class: 'badge' }, `#${log.index}`), ' ', labels.logAddress, ' ', ...address(log.address, labels.logAddress)),
    event ? renderDecoded(event, decodedContext(), 'event') : log.decoded ? renderStandard(log.decoded) : null,
    el(
      'dl',
      { class: 'fields' },
      ...field(labels.topics, log.topics.length ? topics : labels.notAvailable),
      ...field(labels.data, el('pre', { class: 'mono data', tabindex: 0 }, log.data)),
    ),
  );
}

function renderStandard(d: DecodedLogView): HTMLElement {
  const [fromWord, toWord] = d.event === 'Transfer' ? [labels.from, labels.to] : [labels.owner, d.standard === 'ERC-721' ? labels.approved : labels.spender];
  const what = d.amount !== null ? `${labels.amount} ${d.amount}` : `${labels.tokenId} ${d.tokenId ?? ''}`;
  return el(
    'p',
    { class: 'decoded', 'data-decoded': `${d.standard} ${d.event}` },
    el('span', { class: 'badge' }, `${d.standard} ${d.event}`),
    ` ${fromWord.toLowerCase()} `,
    el('span', { class: 'mono' }, d.from),
    ` → ${toWord.toLowerCase()} `,
    el('span', { class: 'mono' }, d.to),
    `, ${what}`,
  );
}

function renderTrace(trace: TraceView, retrying: boolean): HTMLElement {
  const section = el(
    'section',
    { class: 'trace', 'aria-labelledby': 'trace-title', 'data-trace': trace.state },
    el('h2', { id: 'trace-title' }, labels.internalTransfers),
  );
  if (trace.state === 'unsupported') {
    section.append(el('p', { class: 'secondary', 'data-field': 'trace' }, labels.traceUnsupported));
    return section;
  }
  if (trace.state === 'failed') {
    section.append(partProblem(format(labels.traceFailed, trace.message), trace, retrying, 'trace'));
    return section;
  }
  section.append(el('p', { class: 'secondary', 'data-field': 'traceCalls' }, formatCount(labels.traceCalls, trace.calls)));
  if (trace.transfers.length === 0) {
    section.append(el('p', { class: 'empty', 'data-field': 'trace' }, labels.noInternalTransfers));
    return section;
  }
  const list = el('ul', { class: 'transfers', 'data-field': 'trace' });
  for (const t of trace.transfers) {
    list.append(
      el(
        'li',
        {},
        el('span', { class: 'badge' }, t.type),
        ' ',
        ...address(t.from, labels.from),
        ' → ',
        ...(t.to !== null ? address(t.to, labels.to) : [labels.notAvailable]),
        ' ',
        el('span', { class: 'value' }, `${t.valueHype} ${labels.hype}`),
      ),
    );
  }
  section.append(list);
  if (trace.notShown > 0) section.append(el('p', { class: 'secondary note' }, formatCount(labels.transfersNotShown, trace.notShown)));
  return section;
}

page.start({ state: (v) => ({ hash: hashOf(v) }), toolbar, loading: (v) => v.hash, content });
