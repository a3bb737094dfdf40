/**
 * The block panel's script (browser), in the shell every page shares (src/webview/page.ts). It builds the
 * page with createElement and textContent only: every value comes from the network and is inserted as
 * text, never parsed as HTML. The transaction table is virtualized: only the rows in view (plus a few) are
 * in the DOM, so 10,000 rows stay smooth.
 */
import { button, el, field, format, copyIconButton, iconButton } from '../../webview/dom';
import { pageShell, type ContentView } from '../../webview/page';
import type { ExplorerTarget } from '../../view/panelMessages';
import { summarizeRows, toTransactionRow } from '../blockViewModel';
import type { BlockProtocol, BlockView, FollowView, TransactionData } from '../protocol';
import { ROWS_CHUNK } from '../protocol';

const page = pageShell<BlockProtocol>();
const { labels, post, copyButton, copied, explorerLink } = page;

/** Row height in px; must match `.tx-row` in media/block.css. */
const ROW_HEIGHT = 28;
/** Rows rendered above and below the visible ones, so a fast scroll does not show gaps. */
const OVERSCAN = 12;
/** The viewport's `max-height` in media/block.css (70vh): its height until a ResizeObserver reports one. */
const VIEWPORT_MAX_HEIGHT = 0.7;

/** A copy button without a listener of its own: the table's one delegated listener serves it. */
function rowCopyButton(text: string, what: string): HTMLButtonElement {
  return copyIconButton(text, `${labels.copy} ${what}`);
}

/** An explorer link in a table row, served by the table's one delegated listener (targets kept by button). */
const rowTargets = new WeakMap<HTMLButtonElement, ExplorerTarget>();
function rowExplorerLink(text: string, target: ExplorerTarget): HTMLButtonElement {
  const b = el('button', { type: 'button', class: 'link mono', title: `${labels.openInExplorer}: ${text}` }, text);
  rowTargets.set(b, target);
  return b;
}

/** A transaction's hash in a row: opens its transaction page (the explorer has a button of its own). */
const rowTransactions = new WeakMap<HTMLButtonElement, string>();
function rowTransactionLink(hash: string): HTMLButtonElement {
  const b = el('button', { type: 'button', class: 'link mono', title: `${labels.openTransaction}: ${hash}` }, hash);
  rowTransactions.set(b, hash);
  return b;
}

/** The explorer as an icon button beside a value that links elsewhere. */
function rowExplorerButton(target: ExplorerTarget, what: string): HTMLButtonElement {
  const b = iconButton('external', `${labels.openInExplorer}: ${what}`, { class: 'icon explorer' });
  rowTargets.set(b, target);
  return b;
}

/** The table's one click listener: rows come and go while scrolling, and none of them carries its own. */
function onRowClick(event: MouseEvent): void {
  const b = (event.target as Element | null)?.closest?.('button');
  if (!(b instanceof HTMLButtonElement)) return;
  const hash = rowTransactions.get(b);
  const target = rowTargets.get(b);
  if (hash !== undefined) post({ type: 'openTransaction', hash });
  else if (target) post({ type: 'openExplorer', target });
  else if (b.dataset.copy !== undefined) copied(b, b.dataset.copy);
}

let table: TransactionTable | undefined;

function blockNumberOf(v: BlockProtocol['view']): number | null {
  if (v.kind === 'block') return v.block.number;
  if (v.kind === 'problem') return v.blockNumber;
  return null;
}

/** Follow latest as the host last said; the toolbar is drawn again with every view, the toggle keeps it. */
let follow: FollowView = { on: false, note: null, polled: false };
let followButton: HTMLButtonElement | undefined;
let followNote: HTMLElement | undefined;

/** The toggle (a button that says whether it is pressed: Enter and Space work) and what it says of how blocks come. */
function followParts(): HTMLElement[] {
  followButton = button(labels.followLatest, () => post({ type: 'setFollow', on: !follow.on }), {
    'data-action': 'follow',
    'aria-pressed': String(follow.on),
    title: labels.followLatestTitle,
    class: 'toggle-button',
  });
  followNote = el('span', { class: 'follow-note secondary', 'data-field': 'followNote', role: 'status', 'aria-live': 'polite' });
  showFollow();
  return [followButton, followNote];
}

function showFollow(): void {
  if (!followButton || !followNote) return;
  followButton.setAttribute('aria-pressed', String(follow.on));
  followButton.classList.toggle('pressed', follow.on);
  followNote.textContent = follow.note ?? '';
  followNote.classList.toggle('warning', follow.polled);
  followNote.hidden = follow.note === null;
}

/** Previous and next, and Follow latest; the explorer and Show Raw JSON are the shell's. */
function toolbar(v: BlockProtocol['view']) {
  const number = blockNumberOf(v);
  const known = number !== null;
  const own = [
    button(`← ${labels.previousBlock}`, () => known && number > 0 && post({ type: 'openBlock', number: number - 1 }), {
      'data-action': 'previous',
      disabled: !known || number === 0,
    }),
    button(`${labels.nextBlock} →`, () => known && post({ type: 'openBlock', number: number + 1 }), { 'data-action': 'next', disabled: !known }),
    ...(v.kind === 'block' ? followParts() : []),
  ];
  return { label: labels.blockNavigation, own, explorer: known ? ({ kind: 'block', number } as const) : null, raw: v.kind === 'block' };
}

/** A block not found says how far the chain goes and offers its latest block; a pruned one points at the settings. */
function problem(p: Extract<BlockProtocol['view'], { kind: 'problem' }>) {
  const first: HTMLElement[] = [];
  if (p.problem === 'notFound' && p.latestNumber !== null) {
    const latest = p.latestNumber;
    first.push(button(labels.openLatest, () => post({ type: 'openBlock', number: latest }), { class: 'primary', 'data-action': 'latest' }));
  }
  const note = p.problem === 'notFound' && p.latestText !== null ? el('p', { class: 'latest' }, format(labels.latestBlock, p.latestText)) : null;
  return { title: p.problem === 'pruned' ? labels.problemPruned : undefined, note, first, withSettings: p.problem === 'pruned' };
}

// ---- the block ----

function content(v: ContentView<BlockProtocol>) {
  return { nodes: renderBlock(v.block, v.firstRows), status: format(labels.blockTitle, v.block.numberText) };
}

function renderBlock(b: BlockView, firstRows: TransactionData[]): HTMLElement[] {
  const fields = el('dl', { class: 'fields' });
  const hype = (amount: string) => `${amount} ${labels.hype}`;
  const weiNote = (amount: string) => el('span', { class: 'secondary mono' }, ` (${amount} ${labels.wei})`);
  fields.append(
    ...field(
      labels.number,
      el('span', { class: 'mono', 'data-field': 'number' }, b.numberText),
      ' ',
      el('span', { class: 'secondary mono', 'data-field': 'numberHex' }, b.numberHex),
    ),
    ...field(labels.hash, el('span', { class: 'mono wrap', 'data-field': 'hash' }, b.hash), copyButton(b.hash, labels.hash)),
    ...field(
      labels.parentHash,
      b.parentNumber !== null
        ? button(b.parentHash, () => post({ type: 'openBlock', number: b.parentNumber as number }), {
            class: 'link mono wrap',
            title: labels.openParent,
            'data-field': 'parentHash',
          })
        : el('span', { class: 'mono wrap', 'data-field': 'parentHash' }, b.parentHash),
      copyButton(b.parentHash, labels.parentHash),
    ),
    ...field(
      labels.time,
      el('span', { 'data-field': 'time' }, b.timeUtc),
      ' ',
      el('span', { class: 'secondary', 'data-field': 'timeRelative' }, `(${b.timeRelative})`),
    ),
    ...field(labels.miner, explorerLink(b.miner, { kind: 'address', address: b.miner }), copyButton(b.miner, labels.miner)),
    ...field(labels.gasUsed, el('span', { 'data-field': 'gas' }, format(labels.gasUsedOf, b.gasUsed, b.gasLimit, b.gasPercent)), gasMeter(b.gasPercent)),
    ...field(labels.baseFee, el('span', { 'data-field': 'baseFee' }, b.baseFeeGwei !== null ? `${b.baseFeeGwei} ${labels.gwei}` : labels.notAvailable)),
    ...field(labels.blockSize, el('span', { class: `badge ${b.size}`, 'data-field': 'size' }, b.size === 'big' ? labels.bigBlock : labels.smallBlock)),
    ...field(labels.transactionCount, el('span', { 'data-field': 'transactionCount' }, b.transactionCountText)),
    ...field(labels.totalFees, el('span', { 'data-field': 'totalFees' }, hype(b.totalFeesHype)), weiNote(b.totalFeesWei)),
    ...field(
      labels.burntFees,
      el('span', { 'data-field': 'burntFees', title: labels.burntFeesNote }, hype(b.burntFeesHype)),
      weiNote(b.burntFeesWei),
      el('span', { class: 'secondary note', 'data-field': 'burntFeesNote' }, labels.burntFeesNote),
    ),
    ...field(labels.blockReward, el('span', { 'data-field': 'blockReward' }, hype(b.blockRewardHype))),
    ...field(labels.uncleReward, el('span', { 'data-field': 'uncleReward' }, hype(b.uncleRewardHype))),
    ...field(labels.issuance, el('span', { 'data-field': 'issuance' }, hype(b.issuanceHype))),
  );
  if (b.extraData !== null) fields.append(...field(labels.extraData, el('span', { class: 'mono wrap', 'data-field': 'extraData' }, b.extraData)));

  const heading = el(
    'h1',
    { tabindex: -1 },
    format(labels.blockTitle, b.numberText),
    ' ',
    el('span', { class: `badge ${b.size}` }, b.size === 'big' ? labels.bigBlock : labels.smallBlock),
  );
  const leftOut = b.systemTxsLeftOut ? el('div', { class: 'banner', role: 'note', 'data-notice': 'systemTxsLeftOut' }, labels.systemTxsLeftOut) : null;
  const section = el('section', { class: 'block', 'aria-labelledby': 'block-title' }, heading, leftOut, fields);
  heading.id = 'block-title';

  table = new TransactionTable(b, firstRows);
  return [section, table.element];
}

/** A bar for gas used; decorative, the number beside it says the same. */
function gasMeter(percent: string): HTMLElement {
  const fill = el('span', { class: 'fill' });
  const value = Number.parseFloat(percent.replace(/,/g, '')); // "1,234.50%" reads as 1234.5
  fill.style.width = `${Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0}%`;
  return el('span', { class: 'meter', 'aria-hidden': 'true' }, fill);
}

// ---- the transactions: a virtualized table ----

const COLUMNS = [
  'columnIndex',
  'columnStatus',
  'columnHash',
  'columnMethod',
  'columnFrom',
  'columnTo',
  'columnValue',
  'columnFee',
  'columnGasUsed',
  'columnGasPrice',
] as const;
const NUMERIC = new Set<string>(['columnValue', 'columnFee', 'columnGasUsed', 'columnGasPrice']);
/**
 * The widest a numeric column grows for its figures, in characters (`ch`, one digit): past it a figure is
 * shortened at its end with … (its title keeps it whole). 40 holds a thousand trillion HYPE to the wei.
 */
const MAX_FIGURE_CH = 40;
/** The CSS variable of each numeric column's width (media/block.css), and the figure it holds. */
const FIGURE_WIDTHS = [
  ['--value-width', (tx: ReturnType<typeof toTransactionRow>) => tx.valueHype],
  ['--fee-width', (tx: ReturnType<typeof toTransactionRow>) => tx.feeHype],
  ['--gas-used-width', (tx: ReturnType<typeof toTransactionRow>) => tx.gasUsed],
  ['--gas-price-width', (tx: ReturnType<typeof toTransactionRow>) => tx.gasPriceGwei],
] as const;

class TransactionTable {
  readonly element: HTMLElement;
  private readonly viewport: HTMLElement;
  private readonly spacer: HTMLElement;
  private readonly banner: HTMLElement;
  private readonly rows: Array<TransactionData | undefined>;
  /** Rendered rows by transaction index; `loaded` tells a placeholder from a real row. */
  private readonly rendered = new Map<number, { node: HTMLElement; loaded: boolean }>();
  private readonly requested = new Set<number>();
  private readonly failedChunks = new Map<number, string>();
  private readonly summary: HTMLElement;
  private readonly hideToggle: HTMLElement;
  private readonly hideBox: HTMLInputElement;
  /** With system transactions hidden: the block indexes shown, in order; null shows every row. */
  private order: number[] | null = null;
  /** The table whose numeric columns widen to their widest figure so far (see `fitFigures`). */
  private tableEl: HTMLElement | undefined;
  private readonly widest = new Map<string, number>();
  private frame = 0;
  private disposed = false;

  constructor(
    private readonly block: BlockView,
    firstRows: TransactionData[],
  ) {
    const count = block.transactionCount;
    this.rows = new Array<TransactionData | undefined>(count);
    this.summary = el('span', { class: 'secondary', 'data-field': 'txSummary' });
    this.hideBox = el('input', { type: 'checkbox', id: 'hide-system', 'data-action': 'hideSystem' });
    this.hideBox.addEventListener('change', () => this.setHideSystem(this.hideBox.checked));
    this.hideToggle = el('label', { class: 'toggle', for: 'hide-system' }, this.hideBox, ' ', labels.hideSystem);
    this.hideToggle.hidden = true;
    const title = el('h2', { id: 'tx-title' }, labels.transactions, ' ', this.summary);
    this.banner = el('div', { class: 'banner', role: 'alert' });
    this.banner.hidden = true;
    this.spacer = el('div', { class: 'tx-spacer' });
    this.spacer.style.height = `${count * ROW_HEIGHT}px`;
    this.viewport = el('div', { class: 'tx-viewport', tabindex: 0, role: 'rowgroup', 'aria-label': labels.transactionsTable }, this.spacer);
    const head = el(
      'div',
      { class: 'tx-row tx-head', role: 'row', 'aria-rowindex': 1 },
      ...COLUMNS.map((c) => el('span', { role: 'columnheader', class: `cell ${c}${NUMERIC.has(c) ? ' num' : ''}` }, labels[c])),
    );
    if (count === 0) {
      this.summarize();
      this.element = el('section', { class: 'transactions', 'aria-labelledby': 'tx-title' }, title, el('p', { class: 'empty' }, labels.noTransactions));
      return;
    }
    this.tableEl = el(
      'div',
      { class: 'tx-table', role: 'table', 'aria-labelledby': 'tx-title', 'aria-rowcount': count + 1 },
      el('div', { role: 'rowgroup' }, head),
      this.viewport,
    );
    this.element = el('section', { class: 'transactions', 'aria-labelledby': 'tx-title' }, title, this.hideToggle, this.banner, this.tableEl);
    this.receive(block.number, 0, firstRows);
    this.viewport.addEventListener(
      'scroll',
      () => {
        // Read here, where layout is fresh: in render() it would force one before the first frame.
        this.scrollTop = this.viewport.scrollTop;
        this.schedule();
      },
      { passive: true },
    );
    this.viewport.addEventListener('click', onRowClick);
    this.resizeObserver.observe(this.viewport);
    // The first screen is drawn synchronously once the section is in the document (see `show`).
    queueMicrotask(() => this.render());
  }

  /**
   * The viewport's height, from a ResizeObserver (told after layout, so nothing here forces one: reading
   * clientHeight before the first frame laid the whole page out twice). Until it reports, the window's
   * height stands in: the viewport is never taller (max-height 70vh), so the first screen is covered.
   */
  private viewportHeight = 0;
  /** The viewport's scroll position, as its last scroll event left it. */
  private scrollTop = 0;
  /** Whether the first screen has been drawn (the overscan rows wait for it). */
  private painted = false;
  private readonly resizeObserver = new ResizeObserver((entries) => {
    const height = entries[entries.length - 1]?.contentRect.height ?? 0;
    if (height === this.viewportHeight) return;
    this.viewportHeight = height;
    this.schedule();
  });

  dispose(): void {
    this.disposed = true;
    cancelAnimationFrame(this.frame);
    this.resizeObserver.disconnect();
  }

  receive(blockNumber: number, start: number, rows: TransactionData[]): void {
    if (blockNumber !== this.block.number || this.disposed) return;
    rows.forEach((row, i) => {
      const index = Number.isSafeInteger(row.index) ? row.index : start + i;
      if (index >= 0 && index < this.rows.length) this.rows[index] = row;
    });
    this.summarize();
    if (this.order) this.reorder();
    this.schedule();
  }

  /** The heading's counts: failed and system transactions, among the rows loaded so far until all are. */
  private summarize(): void {
    const s = summarizeRows(this.rows);
    const parts = [this.block.transactionCountText];
    if (s.failed > 0) parts.push(format(labels.failedCount, s.failed));
    if (s.system > 0) parts.push(format(labels.systemCount, s.system));
    const partial = s.loaded < this.rows.length && (s.failed > 0 || s.system > 0);
    this.summary.textContent = `(${parts.join(' · ')}${partial ? ` ${format(labels.summaryLoaded, s.loaded)}` : ''})`;
    this.hideToggle.hidden = s.system === 0 && !this.order;
  }

  private setHideSystem(hide: boolean): void {
    if (hide) this.reorder();
    else this.order = null;
    this.redraw();
  }

  /** The rows to show with system transactions hidden (rows not loaded yet are shown as placeholders). */
  private reorder(): void {
    const order: number[] = [];
    for (let i = 0; i < this.rows.length; i++) {
      const row = this.rows[i];
      if (!row || !toTransactionRow(row).system) order.push(i);
    }
    const changed = !this.order || this.order.length !== order.length;
    this.order = order;
    if (changed) this.redraw();
  }

  /** Positions changed: draw every row again. */
  private redraw(): void {
    for (const r of this.rendered.values()) r.node.remove();
    this.rendered.clear();
    this.spacer.style.height = `${this.shownCount() * ROW_HEIGHT}px`;
    this.schedule();
  }

  private shownCount(): number {
    return this.order ? this.order.length : this.rows.length;
  }

  failed(blockNumber: number, start: number, end: number, message: string): void {
    if (blockNumber !== this.block.number || this.disposed) return;
    for (let c = Math.floor(start / ROWS_CHUNK); c * ROWS_CHUNK < end; c++) {
      this.requested.delete(c);
      this.failedChunks.set(c, message);
    }
    this.banner.replaceChildren(
      el('span', {}, format(labels.rowsFailed, message)),
      ' ',
      button(labels.retry, () => {
        this.failedChunks.clear();
        this.banner.hidden = true;
        this.render();
      }),
    );
    this.banner.hidden = false;
  }

  private schedule(): void {
    if (this.frame || this.disposed) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  /** Brings the DOM in line with what is in view, keeping rows that stay (and so the keyboard focus). */
  render(): void {
    if (this.disposed) return;
    const count = this.shownCount();
    const order = this.order;
    const indexAt = (position: number) => (order ? (order[position] as number) : position);
    const height = this.viewportHeight || Math.ceil(window.innerHeight * VIEWPORT_MAX_HEIGHT);
    // The first screen is drawn without the rows around it (a third of the work before the first
    // paint); they follow in the next frame, before anyone can scroll to them.
    const overscan = this.painted ? OVERSCAN : 0;
    if (!this.painted) requestAnimationFrame(() => ((this.painted = true), this.schedule()));
    const first = Math.max(0, Math.floor(this.scrollTop / ROW_HEIGHT) - overscan);
    const last = Math.min(count, Math.ceil((this.scrollTop + height) / ROW_HEIGHT) + overscan);
    const wanted = new Map<number, number>();
    for (let p = first; p < last; p++) wanted.set(indexAt(p), p);
    for (const [index, r] of this.rendered) {
      if (!wanted.has(index) || (!r.loaded && this.rows[index])) {
        r.node.remove();
        this.rendered.delete(index);
      }
    }
    const fragment = document.createDocumentFragment();
    for (const [index, position] of wanted) {
      if (this.rendered.has(index)) continue;
      const row = this.rows[index];
      const node = row ? this.row(row, index, position) : this.placeholder(index, position);
      this.rendered.set(index, { node, loaded: row !== undefined });
      fragment.appendChild(node);
    }
    this.spacer.appendChild(fragment);
    if (first < last) this.request(indexAt(first), indexAt(last - 1) + 1);
  }

  /** Asks the host for the chunks in view that are neither here nor on their way. */
  private request(first: number, last: number): void {
    for (let c = Math.floor(first / ROWS_CHUNK); c * ROWS_CHUNK < last; c++) {
      if (this.requested.has(c) || this.failedChunks.has(c)) continue;
      const start = c * ROWS_CHUNK;
      const end = Math.min(this.rows.length, start + ROWS_CHUNK);
      let missing = false;
      for (let i = start; i < end && !missing; i++) missing = this.rows[i] === undefined;
      if (!missing) continue;
      this.requested.add(c);
      post({ type: 'needRows', blockNumber: this.block.number, start, end });
    }
  }

  private position(node: HTMLElement, position: number): void {
    node.style.transform = `translateY(${position * ROW_HEIGHT}px)`;
    node.setAttribute('aria-rowindex', String(position + 2));
  }

  private placeholder(index: number, position: number): HTMLElement {
    const node = el(
      'div',
      { class: 'tx-row placeholder', role: 'row' },
      el('span', { role: 'cell', class: 'cell columnIndex' }, String(index)),
      el('span', { role: 'cell', class: 'cell wide secondary' }, labels.loadingRow),
    );
    this.position(node, position);
    return node;
  }

  /**
   * Widens the numeric columns to hold this row's figures whole: a column never narrows, so rows scrolled
   * into view later do not move the ones seen. The width is counted in digits (`ch`; commas and points are
   * narrower), so no layout is read while rows are drawn; the table scrolls sideways when it outgrows the panel.
   */
  private fitFigures(tx: ReturnType<typeof toTransactionRow>): void {
    for (const [variable, figure] of FIGURE_WIDTHS) {
      const chars = Math.min(MAX_FIGURE_CH, (figure(tx)?.length ?? 0) + 1);
      if (chars <= (this.widest.get(variable) ?? 0)) continue;
      this.widest.set(variable, chars);
      this.tableEl?.style.setProperty(variable, `${chars}ch`);
    }
  }

  private row(data: TransactionData, index: number, position: number): HTMLElement {
    const tx = toTransactionRow(data);
    this.fitFigures(tx);
    const address = (a: string, what: string) => [rowExplorerLink(a, { kind: 'address', address: a }), rowCopyButton(a, what)];
    const node = el(
      'div',
      { class: `tx-row${tx.system ? ' system' : ''}${tx.failed ? ' failed' : ''}`, role: 'row' },
      el('span', { role: 'cell', class: 'cell columnIndex' }, String(tx.index)),
      el('span', { role: 'cell', class: 'cell columnStatus' }, statusMark(tx.failed)),
      el(
        'span',
        { role: 'cell', class: 'cell columnHash' },
        rowTransactionLink(tx.hash),
        rowExplorerButton({ kind: 'tx', hash: tx.hash }, tx.hash),
        rowCopyButton(tx.hash, labels.columnHash),
      ),
      el('span', { role: 'cell', class: 'cell columnMethod' }, methodText(tx.method)),
      el(
        'span',
        { role: 'cell', class: 'cell columnFrom' },
        tx.system ? el('span', { class: 'badge system', title: labels.systemTooltip }, labels.system) : null,
        ...address(tx.from, labels.columnFrom),
      ),
      el(
        'span',
        { role: 'cell', class: 'cell columnTo' },
        ...(tx.to === null ? [el('span', { class: 'secondary creation' }, labels.contractCreation)] : address(tx.to, labels.columnTo)),
      ),
      el('span', { role: 'cell', class: 'cell columnValue num', title: tx.valueHype }, tx.valueHype),
      el('span', { role: 'cell', class: 'cell columnFee num', title: tx.feeHype ?? undefined }, tx.feeHype ?? labels.notAvailable),
      el('span', { role: 'cell', class: 'cell columnGasUsed num', title: format(labels.gasLimitTooltip, tx.gas) }, tx.gasUsed ?? labels.notAvailable),
      el('span', { role: 'cell', class: 'cell columnGasPrice num', title: tx.gasPriceGwei ?? undefined }, tx.gasPriceGwei ?? labels.notAvailable),
    );
    node.dataset.index = String(index);
    this.position(node, position);
    return node;
  }
}

/** A failed transaction is marked in words (and for screen readers); a successful one with a quiet check. */
function statusMark(failed: boolean | null): HTMLElement | null {
  if (failed === null) return null;
  if (failed)
    return el('span', { class: 'badge failed', title: labels.statusFailedLabel, 'aria-label': labels.statusFailedLabel, role: 'img' }, labels.statusFailed);
  return el('span', { class: 'status-ok secondary', title: labels.statusSuccessLabel, 'aria-label': labels.statusSuccessLabel, role: 'img' }, '✓');
}

/** The method column: a named method, a bare selector, a plain transfer or a contract creation. */
function methodText(method: ReturnType<typeof toTransactionRow>['method']): HTMLElement | null {
  switch (method.kind) {
    case 'creation':
      return el('span', { class: 'secondary' }, labels.contractCreation);
    case 'transfer':
      return el('span', { class: 'secondary', title: labels.valueTransfer }, labels.valueTransfer);
    case 'call':
      return method.name !== null
        ? el('span', { class: 'method', title: method.selector }, method.name)
        : el('span', { class: 'mono secondary', title: method.selector }, method.selector);
    case 'unknown':
      return null;
  }
}

page.start({
  state: (v) => {
    const blockNumber = blockNumberOf(v);
    return blockNumber !== null ? { blockNumber } : undefined;
  },
  toolbar,
  loading: (v) => v.blockText,
  content,
  problem,
  leave: () => {
    table?.dispose();
    table = undefined;
  },
  receive: (m) => {
    if (m.type === 'rows') table?.receive(m.blockNumber, m.start, m.rows);
    else if (m.type === 'rowsFailed') table?.failed(m.blockNumber, m.start, m.end, m.message);
    else {
      follow = m.follow;
      showFollow();
    }
  },
});
