/**
 * The address page's script (browser), in the shell every page shares (src/webview/page.ts): the address,
 * its transactions (newest first; Older loads the next page, also with the `o` key), the filters and
 * Export CSV. createElement and textContent only: every value comes from the network.
 */
import { button, el, field, format, formatCount } from '../../webview/dom';
import { pageShell, type ContentView } from '../../webview/page';
import { filterRows, methodsOf, NO_FILTER, type RowFilter } from '../addressViewModel';
import type { AddressProtocol, HistoryRow, HistoryStatus, HyperCoreView, TransfersState } from '../protocol';

const page = pageShell<AddressProtocol>();
const { labels, post, copyButton } = page;

let rows: HistoryRow[] = [];
let history: HistoryStatus | undefined;
let filter: RowFilter = { ...NO_FILTER };
/** The parts redrawn when rows or filters change. */
let parts: { table: HTMLElement; summary: HTMLElement; footer: HTMLElement; methods: HTMLSelectElement; core: HTMLElement; transfers: HTMLElement } | undefined;
let transfers: TransfersState = { tokens: [], internal: [], loading: false, complete: false, note: null };

function toolbar(v: AddressProtocol['view']) {
  const address = v.kind === 'address' ? v.address.address : v.kind === 'problem' ? v.address : null;
  return { label: labels.navigation, own: [], explorer: address ? { kind: 'address' as const, address } : null, raw: v.kind === 'address' };
}

function content(v: ContentView<AddressProtocol>) {
  const a = v.address;
  rows = v.rows;
  history = v.history;
  const heading = el(
    'h1',
    { tabindex: -1 },
    `${a.kind === 'contract' ? labels.titleContract : labels.titleAccount} `,
    el('span', { class: 'mono' }, a.address),
  );
  const facts = el(
    'dl',
    { class: 'facts' },
    ...field(labels.address, el('span', { class: 'mono', 'data-field': 'address' }, a.address), copyButton(a.address, labels.address)),
    ...field(labels.kind, el('span', { 'data-field': 'kind' }, a.kind === 'contract' ? labels.contract : labels.account)),
    ...field(labels.balance, el('span', { 'data-field': 'balance' }, `${a.balanceHype} ${labels.hype}`)),
    ...field(labels.nonce, el('span', { 'data-field': 'nonce' }, a.nonce ?? labels.notAvailable)),
    ...(a.codeBytes !== null ? field(labels.code, el('span', { 'data-field': 'code' }, format(labels.codeBytes, a.codeBytes))) : []),
    ...(a.implementation
      ? field(
          labels.implementation,
          el(
            'span',
            { class: 'mono', 'data-field': 'implementation' },
            a.implementationName ? `${a.implementation} (${a.implementationName})` : a.implementation,
          ),
        )
      : []),
    ...(a.workspaceName !== null
      ? field(labels.workspaceName, el('span', { 'data-field': 'workspaceName' }, `${a.workspaceName} (${a.workspaceFile ?? ''})`))
      : []),
  );
  const methods = el('select', { 'data-action': 'filterMethod', 'aria-label': labels.filterMethod });
  methods.addEventListener('change', () => {
    filter = { ...filter, method: methods.value === '*' ? null : methods.value };
    redraw();
  });
  const direction = el('select', { 'data-action': 'filterDirection', 'aria-label': labels.filterDirection });
  for (const [value, text] of [
    ['all', labels.filterAll],
    ['in', labels.filterIn],
    ['out', labels.filterOut],
  ] as const)
    direction.append(el('option', { value, selected: filter.direction === value }, text));
  direction.addEventListener('change', () => {
    filter = { ...filter, direction: direction.value as RowFilter['direction'] };
    redraw();
  });
  const failed = el('input', { type: 'checkbox', 'data-action': 'filterFailed', checked: filter.failedOnly });
  failed.addEventListener('change', () => {
    filter = { ...filter, failedOnly: failed.checked };
    redraw();
  });
  const filters = el(
    'div',
    { class: 'filters', role: 'group' },
    el('label', {}, `${labels.filterDirection} `, direction),
    el('label', {}, failed, ` ${labels.filterFailed}`),
    el('label', {}, `${labels.filterMethod} `, methods),
    button(labels.exportCsv, () => post({ type: 'exportCsv', hashes: filterRows(rows, filter).map((r) => r.hash) }), { 'data-action': 'exportCsv' }),
  );
  const summary = el('p', { class: 'summary', 'data-field': 'summary' });
  const table = el('div', { class: 'history' });
  const footer = el('div', { class: 'history-footer' });
  const actions = el(
    'div',
    { class: 'actions' },
    ...(a.kind === 'contract' ? [button(labels.readAndSimulate, () => post({ type: 'readAndSimulate' }), { 'data-action': 'readAndSimulate' })] : []),
  );
  const core = el('section', { class: 'hypercore', 'data-field': 'hyperCore', 'aria-live': 'polite' });
  const moves = el('section', { class: 'transfers', 'data-field': 'transfers', 'aria-live': 'polite' });
  parts = { table, summary, footer, methods, core, transfers: moves };
  transfers = v.transfers ?? { tokens: [], internal: [], loading: false, complete: false, note: null };
  drawHyperCore(v.hyperCore ?? { kind: 'loading' });
  redraw();
  return {
    nodes: [heading, facts, actions, el('h2', {}, labels.hyperCore), core, el('h2', {}, labels.transactions), filters, summary, table, footer, moves],
    status: heading.textContent ?? '',
    busy: history.loading,
  };
}

/** HyperCore's section: the account value and spot balances, with Watch; or why there are none. */
function drawHyperCore(h: HyperCoreView): void {
  if (!parts) return;
  const core = parts.core;
  core.setAttribute('aria-busy', String(h.kind === 'loading'));
  if (h.kind !== 'user') {
    const text = h.kind === 'loading' ? labels.hyperCoreLoading : h.kind === 'none' ? labels.hyperCoreNone : h.note;
    core.replaceChildren(el('p', { class: h.kind === 'unavailable' ? 'note' : 'empty', 'data-field': 'hyperCoreState' }, text));
    return;
  }
  const facts = el(
    'dl',
    { class: 'facts' },
    ...field(labels.accountValue, el('span', { 'data-field': 'accountValue' }, h.accountValue ?? labels.notAvailable)),
    ...field(labels.positions, el('span', { 'data-field': 'positions' }, h.positions.toLocaleString('en-US'))),
  );
  const balances =
    h.balances.length === 0
      ? el('p', { class: 'empty' }, labels.noSpotBalances)
      : el(
          'table',
          { class: 'tx-history', 'data-field': 'spotBalances', 'aria-label': labels.spotBalances },
          el(
            'thead',
            {},
            el(
              'tr',
              {},
              el('th', { scope: 'col' }, labels.columnToken),
              el('th', { scope: 'col', class: 'num' }, labels.columnTotal),
              el('th', { scope: 'col', class: 'num' }, labels.columnHold),
            ),
          ),
          el(
            'tbody',
            {},
            ...h.balances.map((b) =>
              el('tr', { 'data-coin': b.coin }, el('td', {}, b.coin), el('td', { class: 'num' }, b.total), el('td', { class: 'num' }, b.hold)),
            ),
          ),
        );
  core.replaceChildren(
    facts,
    el('h3', {}, labels.spotBalances),
    balances,
    ...(h.more > 0 ? [el('p', { class: 'note' }, format(labels.moreBalances, h.more.toLocaleString('en-US')))] : []),
    el(
      'div',
      { class: 'actions' },
      button(labels.watchWallet, () => post({ type: 'watchWallet' }), { 'data-action': 'watchWallet' }),
    ),
  );
}

/** Token and internal transfers: offered once the history comes from an explorer (the node's search gives none). */
function drawTransfers(): void {
  if (!parts || !history) return;
  const fromExplorer = history.source === 'blockscout' || history.source === 'etherscan';
  if (!fromExplorer) return void parts.transfers.replaceChildren();
  const t = transfers;
  const started = t.tokens.length > 0 || t.internal.length > 0 || t.complete || t.note !== null;
  const dirOf = (d: 'in' | 'out' | 'self') => ({ in: labels.directionIn, out: labels.directionOut, self: labels.directionSelf })[d];
  const counterparty = (a: string | null) =>
    a ? button(a, () => post({ type: 'openAddress', address: a }), { class: 'link mono', title: `${labels.openAddress}: ${a}` }) : '';
  const txLink = (hash: string) =>
    button(hash, () => post({ type: 'openTransaction', hash }), { class: 'link mono', title: `${labels.openTransaction}: ${hash}` });
  const table = (name: string, columns: string[], body: HTMLElement[], empty: string) =>
    body.length === 0
      ? el('p', { class: 'empty' }, empty)
      : el(
          'table',
          { class: 'tx-history', 'aria-label': name },
          el('thead', {}, el('tr', {}, ...columns.map((c) => el('th', { scope: 'col' }, c)))),
          el('tbody', {}, ...body),
        );
  const tokens = t.tokens.map((r) =>
    el(
      'tr',
      { 'data-transfer': 'token' },
      el('td', {}, r.timeIso ?? labels.notAvailable),
      el('td', { class: `dir dir-${r.direction}` }, dirOf(r.direction)),
      el('td', {}, counterparty(r.counterparty)),
      el('td', { title: r.tokenAddress }, r.token),
      el('td', { class: 'num' }, r.amount),
      el('td', {}, txLink(r.hash)),
    ),
  );
  const internal = t.internal.map((r) =>
    el(
      'tr',
      { 'data-transfer': 'internal', class: r.failed ? 'failed' : undefined },
      el('td', {}, r.timeIso ?? labels.notAvailable),
      el('td', { class: `dir dir-${r.direction}` }, dirOf(r.direction)),
      el('td', {}, counterparty(r.counterparty)),
      el('td', {}, r.type ?? ''),
      el('td', { class: 'num' }, r.valueHype),
      el('td', {}, txLink(r.hash)),
    ),
  );
  const more = button(t.loading ? labels.loadingOlder : started ? labels.moreTransfers : labels.loadTransfers, () => post({ type: 'transfers' }), {
    'data-action': 'transfers',
    disabled: t.loading || t.complete,
  });
  parts.transfers.replaceChildren(
    el('h2', {}, labels.transfers),
    el('p', { class: 'note' }, labels.transfersHint),
    ...(started
      ? [
          el('h3', {}, labels.tokenTransfers),
          table(
            labels.tokenTransfers,
            [labels.columnTime, labels.columnDirection, labels.columnCounterparty, labels.columnToken, labels.columnAmount, labels.columnHash],
            tokens,
            labels.noTokenTransfers,
          ),
          el('h3', {}, labels.internalTransfers),
          table(
            labels.internalTransfers,
            [labels.columnTime, labels.columnDirection, labels.columnCounterparty, labels.columnType, labels.columnValue, labels.columnHash],
            internal,
            labels.noInternalTransfers,
          ),
        ]
      : []),
    ...(t.note ? [el('p', { class: 'note', 'data-field': 'transfersNote' }, t.note)] : []),
    t.complete ? el('p', {}, labels.allLoaded) : more,
  );
}

function sourceText(h: HistoryStatus): string {
  if (h.source === 'node') return labels.sourceNode;
  if (h.source !== null) return format(labels.sourceExplorer, h.host ?? h.source);
  return labels.sourceNone;
}

function redraw(): void {
  if (!parts || !history) return;
  const h = history;
  const shown = filterRows(rows, filter);
  // The method filter offers the methods loaded so far.
  const keep = filter.method;
  parts.methods.replaceChildren(
    el('option', { value: '*' }, labels.filterMethodAll),
    ...methodsOf(rows).map((m) => el('option', { value: m, selected: m === keep }, m === '' ? labels.transfer : m)),
  );
  parts.summary.textContent = `${sourceText(h)} ${formatCount(labels.rowsCount, rows.length.toLocaleString('en-US'))}. ${
    shown.length !== rows.length ? format(labels.shownOf, shown.length.toLocaleString('en-US'), rows.length.toLocaleString('en-US')) : ''
  }`.trim();
  if (shown.length === 0) {
    parts.table.replaceChildren(
      el('p', { class: 'empty', 'data-field': 'empty' }, rows.length === 0 ? (h.loading ? labels.loadingOlder : labels.noTransactions) : labels.noMatches),
    );
  } else {
    const head = el(
      'tr',
      {},
      ...[
        labels.columnTime,
        labels.columnDirection,
        labels.columnCounterparty,
        labels.columnMethod,
        labels.columnValue,
        labels.columnFee,
        labels.columnStatus,
        labels.columnHash,
      ].map((c) => el('th', { scope: 'col' }, c)),
    );
    const body = el('tbody', {}, ...shown.map(rowOf));
    parts.table.replaceChildren(el('table', { class: 'tx-history', 'aria-label': labels.transactionsTable }, el('thead', {}, head), body));
  }
  const older = button(h.loading ? labels.loadingOlder : labels.older, () => post({ type: 'older' }), {
    'data-action': 'older',
    title: `${labels.olderHint} (O)`,
    disabled: h.loading || h.complete || (h.source === null && !h.allowHost),
  });
  parts.footer.replaceChildren(
    ...(h.note ? [el('p', { class: 'note', 'data-field': 'note' }, h.note)] : []),
    ...(h.allowHost ? [button(format(labels.allowExplorer, h.allowHost), () => post({ type: 'allowExplorer' }), { 'data-action': 'allowExplorer' })] : []),
    h.complete ? el('p', { 'data-field': 'complete' }, labels.allLoaded) : older,
  );
  drawTransfers();
}

function rowOf(r: HistoryRow): HTMLElement {
  const dir = { in: labels.directionIn, out: labels.directionOut, self: labels.directionSelf, create: labels.directionCreate }[r.direction];
  const status = r.status === 'reverted' ? labels.statusFailed : r.status === 'success' ? labels.statusSuccess : labels.statusUnknown;
  const counterparty = r.counterparty
    ? button(r.counterparty, () => post({ type: 'openAddress', address: r.counterparty as string }), {
        class: 'link mono',
        title: `${labels.openAddress}: ${r.counterparty}`,
      })
    : '';
  return el(
    'tr',
    { class: r.status === 'reverted' ? 'failed' : undefined, 'data-hash': r.hash },
    el('td', { title: r.timeAgo ?? undefined }, r.timeIso ?? labels.notAvailable),
    el('td', { class: `dir dir-${r.direction}` }, dir),
    el('td', {}, counterparty),
    el('td', { class: r.methodNamed ? 'method named' : 'method mono' }, r.method === '' ? labels.transfer : r.method),
    el('td', { class: 'num' }, r.valueHype),
    el('td', { class: 'num' }, r.feeHype ?? labels.notAvailable),
    el('td', { 'data-field': 'status' }, status),
    el(
      'td',
      {},
      button(r.hash, () => post({ type: 'openTransaction', hash: r.hash }), { class: 'link mono', title: `${labels.openTransaction}: ${r.hash}` }),
    ),
  );
}

document.addEventListener('keydown', (e) => {
  if (e.key !== 'o' || e.ctrlKey || e.metaKey || e.altKey) return;
  const target = e.target as HTMLElement | null;
  if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT')) return;
  document.querySelector<HTMLButtonElement>('[data-action="older"]:not([disabled])')?.click();
});

page.start({
  state: (v) => (v.kind === 'loading' ? { address: v.addressText } : v.kind === 'address' ? { address: v.address.address } : { address: v.address }),
  toolbar,
  loading: (v) => v.addressText,
  content,
  leave: () => {
    parts = undefined;
  },
  receive: (m) => {
    if (m.type === 'hyperCore') return drawHyperCore(m.hyperCore);
    if (m.type === 'transfers') {
      transfers = m.transfers;
      return drawTransfers();
    }
    if (m.type !== 'history') return;
    if (m.rows.length > 0 || rows.length === 0) rows = m.rows;
    history = m.history;
    redraw();
  },
});
