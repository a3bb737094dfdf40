/**
 * The call tree on the transaction page (browser), as Otterscan's trace view: one row per call frame,
 * nested by depth, each with a button that shows or hides the calls below it (a real button: Tab and
 * Enter or Space reach and work it; `aria-expanded` says its state). The top call starts open, deeper
 * ones closed; "Show the call that reverted" opens the way to it and moves the focus there.
 */
import { button, el, formatCount, type Child } from '../../webview/dom';
import type { ArgView, CallFrameView, CallTreeView, DecodedView } from '../protocol';
import { nameOf, type DecodedContext } from './decoded';

export interface TreeContext extends DecodedContext {
  /** An address as the page shows it elsewhere (explorer link and copy button). */
  address(a: string, what: string): Child[];
  hype: string;
}

export function renderCallTree(tree: CallTreeView, ctx: TreeContext): HTMLElement | null {
  if (tree.state !== 'ok') return null;
  const { labels } = ctx;
  const section = el('section', { class: 'call-tree', 'aria-labelledby': 'call-tree-title', 'data-failed-from': tree.failedFrom ?? 'none' });
  section.append(el('h2', { id: 'call-tree-title' }, labels.callTree, ' ', el('span', { class: 'secondary' }, `(${tree.frames.length + tree.notShown})`)));
  const rows: HTMLElement[] = [];
  const root = el('ul', { class: 'frames' });
  const parents: Array<{ depth: number; list: HTMLElement; item: HTMLElement }> = [];
  for (const f of tree.frames) {
    while (parents.length && parents[parents.length - 1]!.depth >= f.depth) parents.pop();
    const parent = parents[parents.length - 1];
    const list = parent ? childList(parent.item, parent.depth === tree.frames[0]!.depth, ctx) : root;
    const item = frameItem(f, ctx);
    rows[f.index] = item;
    list.append(item);
    parents.push({ depth: f.depth, list, item });
  }
  const origin = tree.frames.find((f) => f.origin);
  if (tree.failedFrom) {
    section.append(el('p', { class: 'secondary note', 'data-field': 'treeNote' }, tree.failedFrom === 'node' ? labels.treeNodeNote : labels.treeInferredNote));
  }
  if (origin)
    section.append(
      el(
        'p',
        {},
        button(labels.showRevertingFrame, () => reveal(rows[origin.index]!), { 'data-action': 'showRevertingFrame' }),
      ),
    );
  section.append(root);
  if (tree.notShown > 0) section.append(el('p', { class: 'secondary note' }, formatCount(labels.framesNotShown, tree.notShown)));
  return section;
}

/** The list of calls below `item`, made with the toggle that shows or hides it. */
function childList(item: HTMLElement, open: boolean, ctx: TreeContext): HTMLElement {
  const existing = item.querySelector<HTMLElement>(':scope > ul.frames');
  if (existing) return existing;
  const id = `frames-${item.dataset.frame}`;
  const list = el('ul', { class: 'frames', id });
  list.hidden = !open;
  const toggle = button(open ? '▾' : '▸', () => setOpen(item, list.hidden), {
    class: 'icon toggle',
    'aria-expanded': String(open),
    'aria-controls': id,
    'aria-label': open ? ctx.labels.collapse : ctx.labels.expand,
    'data-action': 'toggle',
    'data-expand': ctx.labels.expand,
    'data-collapse': ctx.labels.collapse,
  });
  item.querySelector(':scope > .frame-row')?.prepend(toggle);
  item.append(list);
  return list;
}

function setOpen(item: HTMLElement, open: boolean): void {
  const list = item.querySelector<HTMLElement>(':scope > ul.frames');
  const toggle = item.querySelector<HTMLButtonElement>(':scope > .frame-row > button.toggle');
  if (!list || !toggle) return;
  list.hidden = !open;
  toggle.textContent = open ? '▾' : '▸';
  toggle.setAttribute('aria-expanded', String(open));
  toggle.setAttribute('aria-label', (open ? toggle.dataset.collapse : toggle.dataset.expand) ?? '');
}

/** Opens every call above `row` and moves the focus to it. */
function reveal(row: HTMLElement): void {
  for (let p = row.parentElement?.closest<HTMLElement>('li.frame'); p; p = p.parentElement?.closest<HTMLElement>('li.frame')) setOpen(p, true);
  const target = row.querySelector<HTMLElement>(':scope > .frame-row');
  target?.focus();
  target?.scrollIntoView({ block: 'center' });
}

function frameItem(f: CallFrameView, ctx: TreeContext): HTMLElement {
  const { labels } = ctx;
  const row = el(
    'div',
    { class: 'frame-row', tabindex: -1, 'data-depth': f.depth },
    el('span', { class: 'badge' }, f.type),
    ' ',
    ...ctx.address(f.from, labels.from),
    nameOf(f.from, ctx),
    ' → ',
    ...(f.to !== null ? [...ctx.address(f.to, labels.to), nameOf(f.to, ctx)] : [labels.notAvailable]),
    f.hyperCore !== null ? el('span', { class: 'secondary hc-frame', 'data-hc-frame': f.hyperCore }, ` (${f.hyperCore})`) : null,
    f.valueHype !== null ? el('span', { class: 'value' }, ` ${f.valueHype} ${ctx.hype}`) : null,
    ' ',
    callText(f),
    f.returned ? el('span', { class: 'returned secondary' }, ` → ${labels.returned} (${f.returned.map(argText).join(', ')})`) : null,
    f.failed
      ? el('span', { class: `badge failed failed-${f.failed}`, 'data-failed': f.failed }, f.failed === 'node' ? labels.failedByNode : labels.failedInferred)
      : null,
    f.origin ? el('span', { class: 'secondary origin', 'data-origin': 'true' }, ` ${labels.revertOrigin}`) : null,
    f.revertedWith ? el('span', { class: 'reverted-with', 'data-reverted-with': f.revertedWith.split('(')[0] }, `: ${f.revertedWith}`) : null,
  );
  const item = el('li', { class: 'frame', 'data-frame': f.index }, row);
  if (f.failed) item.classList.add('failed');
  return item;
}

function callText(f: CallFrameView): HTMLElement {
  if (f.call) return decodedInline(f.call);
  if (f.method) return el('span', { class: 'call' }, f.method, ' ', el('span', { class: 'secondary mono' }, f.selector ?? ''));
  return el('span', { class: 'call secondary mono' }, f.selector ?? '');
}

function decodedInline(d: DecodedView): HTMLElement {
  return el(
    'span',
    { class: d.guess ? 'call guess' : 'call', 'data-call': d.name, title: d.signature },
    el('span', { class: 'decoded-name' }, d.name),
    `(${d.args.map((a) => `${a.name ? `${a.name}: ` : ''}${argText(a)}`).join(', ')})`,
    d.guess ? ' ?' : '',
  );
}

/** One argument as inline text: arrays and tuples in brackets, each value cut to 120 characters. */
function argText(a: ArgView): string {
  const text = a.items ? `[${a.items.map(argText).join(', ')}${a.cut ? ', …' : ''}]` : a.text;
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}
