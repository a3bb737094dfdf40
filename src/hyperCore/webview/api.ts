/**
 * The transaction page's HyperCore section (browser): the CoreWriter actions the transaction sent, with
 * where each stands ("sent to HyperCore" is not "executed"), the HyperCore → HyperEVM transfer it is, and
 * its read precompile calls. Text only (textContent), as the rest of the page.
 */
import { LOWER_ADDRESS } from '../../core/hex';
import { el, field, format, formatCount, type Child } from '../../webview/dom';
import type { HyperCoreActionView, HyperCoreFieldView, HyperCoreLabels, HyperCoreReadView, HyperCoreTransferView, HyperCoreView } from '../protocol';

/** What the page lends the section: an address as an explorer link with a copy button. */
export interface HyperCoreHelpers {
  address(a: string, what: string): Child[];
}

export function renderHyperCore(view: HyperCoreView, labels: HyperCoreLabels, h: HyperCoreHelpers): HTMLElement {
  const section = el(
    'section',
    { class: 'hypercore', 'aria-labelledby': 'hypercore-title', 'data-section': 'hyperCore' },
    el('h2', { id: 'hypercore-title' }, labels.hcTitle),
  );
  if (view.namesProblem !== null)
    section.append(el('p', { class: 'banner', role: 'status', 'data-field': 'hcNamesProblem' }, format(labels.hcNamesProblem, view.namesProblem)));
  if (view.transfer) section.append(renderTransfer(view.transfer, labels, h));
  if (view.actions.length > 0) {
    section.append(el('h3', {}, labels.hcActions), ...view.actions.map((a) => renderAction(a, labels, h)));
    if (view.actionsNotShown > 0) section.append(el('p', { class: 'secondary note' }, formatCount(labels.hcActionsNotShown, view.actionsNotShown)));
  }
  if (view.reads.length > 0) {
    section.append(el('h3', {}, labels.hcReads), el('ul', { class: 'hc-reads', 'data-field': 'hcReads' }, ...view.reads.map((r) => renderRead(r, labels, h))));
    if (view.readsNotShown > 0) section.append(el('p', { class: 'secondary note' }, formatCount(labels.hcReadsNotShown, view.readsNotShown)));
  }
  return section;
}

function fields(list: HyperCoreFieldView[], h: HyperCoreHelpers): HTMLElement {
  const dl = el('dl', { class: 'fields' });
  for (const f of list) {
    const value = f.mono && LOWER_ADDRESS.test(f.value) ? h.address(f.value, f.label) : [el('span', { class: f.mono ? 'mono wrap' : 'wrap' }, f.value)];
    dl.append(...field(f.label, ...value));
  }
  return dl;
}

function renderTransfer(t: HyperCoreTransferView, labels: HyperCoreLabels, h: HyperCoreHelpers): HTMLElement {
  return el(
    'article',
    { class: 'hc-item', 'data-hc': 'transfer' },
    el('h3', {}, labels.hcTransfer),
    el('p', { class: 'decoded', 'data-field': 'hcTransfer' }, t.summary),
    fields(t.fields, h),
    t.note !== null ? el('p', { class: 'secondary note' }, t.note) : null,
  );
}

function stateText(a: HyperCoreActionView, labels: HyperCoreLabels): string {
  return { sent: labels.hcStateSent, reverted: labels.hcStateReverted, pending: labels.hcStatePending, unknown: labels.hcStateUnknown }[a.state];
}

function renderAction(a: HyperCoreActionView, labels: HyperCoreLabels, h: HyperCoreHelpers): HTMLElement {
  return el(
    'article',
    { class: 'hc-item', 'data-hc': 'action', 'data-hc-action': a.actionId ?? '', 'data-hc-state': a.state },
    el(
      'p',
      { class: 'decoded' },
      el('span', { class: 'badge' }, a.title),
      ' ',
      el('span', { 'data-field': 'hcSummary' }, a.summary ?? ''),
      a.user !== null ? el('span', { class: 'secondary' }, ' ', format(labels.hcActingFor, a.user)) : null,
    ),
    el('p', { class: `hc-state hc-state-${a.state}`, 'data-field': 'hcState' }, stateText(a, labels)),
    a.problem !== null ? el('p', { class: 'revert', role: 'note', 'data-field': 'hcProblem' }, a.problem) : null,
    a.fields.length > 0 ? fields(a.fields, h) : null,
    el('details', {}, el('summary', {}, labels.hcActionData), el('pre', { class: 'mono data', tabindex: 0 }, a.data)),
  );
}

function renderRead(r: HyperCoreReadView, labels: HyperCoreLabels, h: HyperCoreHelpers): HTMLElement {
  return el(
    'li',
    { 'data-hc-read': r.name },
    el('span', { class: 'badge' }, r.name),
    ' ',
    ...h.address(r.address, r.name),
    r.problem !== null ? el('p', { class: 'secondary' }, r.problem) : null,
    r.inputs.length > 0 ? el('div', {}, el('span', { class: 'secondary' }, labels.hcInputs), fields(r.inputs, h)) : null,
    r.outputs.length > 0 ? el('div', {}, el('span', { class: 'secondary' }, labels.hcOutputs), fields(r.outputs, h)) : null,
  );
}
