/**
 * What the workspace's ABIs decoded, on the transaction page (browser): a call, custom error or event
 * with its named, typed arguments (arrays and tuples nested), marked when it is a guess, and the
 * workspace's name of an address. Text only (textContent), like the rest of the page.
 */
import { button, el, format, type Child } from '../../webview/dom';
import type { ArgView, ContractNameView, DecodedView, TransactionLabels, TransactionWebviewMessage } from '../protocol';

export interface DecodedContext {
  labels: TransactionLabels;
  post(m: TransactionWebviewMessage): void;
  /** The workspace's names of the page's addresses, lowercase. */
  names: ReadonlyMap<string, ContractNameView>;
}

/** `name(…)` with its arguments as a list below, and where the ABI came from. */
export function renderDecoded(d: DecodedView, ctx: DecodedContext, field: string): HTMLElement {
  const { labels } = ctx;
  const head = el(
    'div',
    { class: 'decoded-head' },
    el('span', { class: 'decoded-name', 'data-decoded-name': d.name }, d.name),
    ' ',
    el('span', { class: 'secondary mono' }, d.signature),
    ' ',
    d.guess
      ? el('span', { class: 'badge guess', 'data-guess': 'true', title: format(labels.decodedGuess, d.abiName) }, format(labels.decodedGuess, d.abiName))
      : el('span', { class: 'secondary' }, format(labels.decodedFrom, d.abiName, d.abiPath)),
  );
  return el(
    'div',
    { class: 'workspace-decoded', 'data-field': field },
    head,
    d.args.length ? renderArgs(d.args, ctx) : null,
    d.alternatives.length ? el('p', { class: 'secondary note' }, format(labels.alsoFits, d.alternatives.join(', '))) : null,
  );
}

/** Arguments as `name (type): value`, arrays and tuples as nested lists. */
export function renderArgs(args: readonly ArgView[], ctx: DecodedContext): HTMLElement {
  return el('ul', { class: 'args', 'aria-label': ctx.labels.arguments }, ...args.map((a) => renderArg(a, ctx)));
}

function renderArg(a: ArgView, ctx: DecodedContext): HTMLElement {
  const label = el('span', { class: 'arg-name' }, a.name || '·');
  const type = el('span', { class: 'secondary arg-type' }, ` (${a.type})`);
  if (a.items) {
    return el(
      'li',
      { 'data-arg': a.name },
      label,
      type,
      a.cut ? ' …' : null,
      a.items.length ? renderArgs(a.items, ctx) : el('span', { class: 'secondary' }, ' []'),
    );
  }
  const named = a.type === 'address' ? ctx.names.get(a.text.toLowerCase()) : undefined;
  return el('li', { 'data-arg': a.name }, label, type, ': ', el('span', { class: 'mono wrap arg-value' }, a.text), named ? nameTag(named, ctx) : null);
}

/** An address's workspace name: a button that opens its file. */
export function nameTag(n: ContractNameView, ctx: DecodedContext): HTMLElement {
  const text = n.uncertain ? `${n.name}?` : n.name;
  return el(
    'span',
    { class: 'contract-name' },
    ' ',
    button(text, () => ctx.post({ type: 'openContract', address: n.address }), {
      class: 'link contract',
      title: format(ctx.labels.workspaceContract, n.name, n.path),
      'aria-label': format(ctx.labels.openContract, n.name),
      'data-contract': n.name,
    }),
  );
}

/** The name of `address` when the workspace has one, else nothing. */
export function nameOf(address: string | null, ctx: DecodedContext): Child {
  const n = address ? ctx.names.get(address.toLowerCase()) : undefined;
  return n ? nameTag(n, ctx) : null;
}
