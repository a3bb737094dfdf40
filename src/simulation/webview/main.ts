/**
 * Read & Simulate's page script (browser), in the shell every page shares (src/webview/page.ts): the
 * contract's functions as forms (each a real <form>: Enter sends it), the results newest first with the
 * transaction page's call tree and decoded values (transactions/webview/api.ts), and two results side by
 * side. createElement and textContent only: every value came from the network or the workspace.
 */
import { button, el, field, format, type Child } from '../../webview/dom';
import { pageShell, type ContentView } from '../../webview/page';
import { nameOf, renderArgs, renderCallTree, renderDecoded, type TreeContext } from '../../transactions/webview/api';
import type { ContractView, FunctionView, RunView, SimulationProtocol } from '../protocol';

const page = pageShell<SimulationProtocol>();
const { labels, post, status, copyButton, explorerLink } = page;

/** What was typed, by field (`fn:i` for argument i of function fn; `block`, `from`, `value`, `calldata`), kept across redraws. */
const typed = new Map<string, string>();
/** Mistakes the host found, by the same keys. */
let errors = new Map<string, string>();
/** Forms left open. */
const open = new Set<string>();
let shown: ContractView | undefined;

const addressOf = (v: SimulationProtocol['view']) => (v.kind === 'contract' ? v.contract.address : v.address);

function toolbar(v: SimulationProtocol['view']) {
  return { label: labels.simNavigation, own: [], explorer: { kind: 'address', address: addressOf(v) } as const, raw: v.kind === 'contract' };
}

const treeContext = (): TreeContext => ({
  labels,
  post: (m) => post(m),
  names: new Map(),
  address: (a, what) => [explorerLink(a, { kind: 'address', address: a }), copyButton(a, what)],
  hype: labels.hype,
});

function content(v: ContentView<SimulationProtocol>) {
  shown = v.contract;
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement.dataset.input : undefined;
  const nodes = renderContract(v.contract);
  if (focused) queueMicrotask(() => document.querySelector<HTMLElement>(`[data-input="${CSS.escape(focused)}"]`)?.focus());
  return { nodes, status: v.contract.busy ? labels.running : labels.simTitle, busy: v.contract.busy };
}

function renderContract(c: ContractView): HTMLElement[] {
  const heading = el('h1', { tabindex: -1, id: 'sim-title' }, labels.simTitle, c.name ? ` · ${c.name}` : '');
  const fields = el('dl', { class: 'fields' });
  fields.append(...field(labels.to, explorerLink(c.address, { kind: 'address', address: c.address }, 'address'), copyButton(c.address, labels.to)));
  if (c.abiNote) fields.append(...field(labels.decoded, el('span', { 'data-field': 'abiNote' }, format(labels.abiFrom, c.abiNote))));
  if (c.implementation) fields.append(...field('', el('span', { 'data-field': 'implementation' }, format(labels.implementationNote, c.implementation))));
  const reads = c.functions.filter((f) => f.kind === 'read' && !f.precompile);
  const precompiles = c.functions.filter((f) => f.precompile);
  const writes = c.functions.filter((f) => f.kind === 'write');
  const noArgReads = reads.filter((f) => f.inputs.length === 0);
  return [
    el(
      'section',
      { class: 'contract', 'aria-labelledby': 'sim-title' },
      heading,
      el('p', { class: 'sim-note', role: 'note', 'data-field': 'readOnlyNote' }, labels.readOnlyNote),
      c.traceRefused ? el('p', { class: 'secondary note', 'data-field': 'traceRefused' }, labels.traceRefused) : null,
      fields,
      !c.hasAbi ? el('p', { class: 'empty', 'data-field': 'noAbi' }, labels.noAbi) : null,
    ),
    renderCommon(c),
    reads.length
      ? section(
          'reads',
          labels.readFunctions,
          noArgReads.length > 1
            ? el(
                'p',
                {},
                button(labels.readAllNoArgs, () => sendReads(noArgReads.map((f) => f.index)), { 'data-action': 'readAll', disabled: c.busy }),
              )
            : null,
          el('ul', { class: 'fn-list' }, ...reads.map((f) => renderForm(f, c.busy))),
        )
      : null,
    writes.length ? section('writes', labels.writeFunctions, el('ul', { class: 'fn-list' }, ...writes.map((f) => renderForm(f, c.busy)))) : null,
    precompiles.length
      ? section(
          'precompiles',
          labels.precompiles,
          el('p', { class: 'secondary note', 'data-field': 'precompileNote' }, labels.precompileCaveat),
          el('ul', { class: 'fn-list' }, ...precompiles.map((f) => renderForm(f, c.busy))),
        )
      : null,
    renderRaw(c.busy),
    renderRuns(c),
  ].filter((e): e is HTMLElement => e !== null);
}

function section(id: string, title: string, ...children: Child[]): HTMLElement {
  return el('section', { class: id, 'aria-labelledby': `${id}-title` }, el('h2', { id: `${id}-title` }, title), ...children);
}

/** An input kept across redraws, with its mistake below it. */
function input(key: string, label: string, placeholder: string, multiline = false): Child[] {
  const id = `in-${key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const box = multiline
    ? el('textarea', { id, rows: 3, placeholder, 'data-input': key, spellcheck: 'false' })
    : el('input', { id, type: 'text', placeholder, 'data-input': key, spellcheck: 'false', autocomplete: 'off' });
  box.value = typed.get(key) ?? '';
  box.addEventListener('input', () => typed.set(key, box.value));
  const error = errors.get(key);
  if (error) {
    box.setAttribute('aria-invalid', 'true');
    box.setAttribute('aria-describedby', `${id}-error`);
  }
  return [el('label', { for: id }, label), box, error ? el('p', { class: 'field-error', id: `${id}-error`, role: 'alert', 'data-error': key }, error) : null];
}

function renderCommon(c: ContractView): HTMLElement {
  return el(
    'section',
    { class: 'sim-common', 'aria-label': labels.blockLabel },
    ...input('block', labels.blockLabel, labels.blockHint),
    c.functions.some((f) => f.kind === 'write') || !c.hasAbi
      ? el('div', {}, ...input('from', labels.fromLabel, '0x…'), ...input('value', labels.valueLabel, '0'))
      : null,
  );
}

function renderForm(f: FunctionView, busy: boolean): HTMLElement {
  const key = String(f.index);
  const form = el(
    'form',
    { class: 'fn-body', 'data-form': f.name },
    ...f.inputs.flatMap((p, i) => input(`${f.index}:${i}`, `${p.name} (${p.type})`, p.hint)),
    el('p', { class: 'secondary mono' }, `→ ${f.returns}`),
    el(
      'button',
      { type: 'submit', 'data-action': `${f.kind === 'read' ? 'read' : 'simulate'}-${f.name}`, disabled: busy },
      f.kind === 'read' ? labels.read : labels.simulate,
    ),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (f.kind === 'read') sendReads([f.index]);
    else sendSimulation(f.index);
  });
  const details = el(
    'details',
    { class: 'fn-form', 'data-fn': f.precompile ? `core:${f.name}` : f.name },
    el('summary', {}, el('span', { class: 'decoded-name' }, f.name), ' ', el('span', { class: 'secondary mono' }, f.signature)),
    form,
  );
  details.open = open.has(key);
  details.addEventListener('toggle', () => (details.open ? open.add(key) : open.delete(key)));
  return el('li', {}, details);
}

function renderRaw(busy: boolean): HTMLElement {
  const form = el(
    'form',
    { class: 'raw-form', 'data-form': 'raw' },
    ...input('calldata', labels.calldataLabel, '0x…', true),
    el('button', { type: 'submit', 'data-action': 'simulate-raw', disabled: busy }, labels.simulate),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    sendSimulation(null);
  });
  return section('raw', labels.rawCalldata, form);
}

function argTexts(fn: number): string[] {
  const f = shown?.functions[fn];
  return (f?.inputs ?? []).map((_, i) => typed.get(`${fn}:${i}`) ?? '');
}

function sendReads(fns: number[]): void {
  post({ type: 'read', calls: fns.map((fn) => ({ fn, args: argTexts(fn) })), block: typed.get('block') ?? '' });
}

function sendSimulation(fn: number | null): void {
  post({
    type: 'simulate',
    fn,
    args: fn === null ? [] : argTexts(fn),
    calldata: typed.get('calldata') ?? '',
    from: typed.get('from') ?? '',
    value: typed.get('value') ?? '',
    block: typed.get('block') ?? '',
  });
}

// ---- results ----

function renderRuns(c: ContractView): HTMLElement {
  const s = section('runs', labels.runs);
  s.setAttribute('aria-live', 'polite');
  if (c.compare) s.append(renderCompare(c));
  if (c.runs.length === 0) s.append(el('p', { class: 'empty' }, labels.noRuns));
  c.runs.forEach((r, i) => s.append(renderRun(r, c.runs[i + 1])));
  return s;
}

function renderRun(r: RunView, previous: RunView | undefined): HTMLElement {
  const ctx = treeContext();
  const at = r.kind === 'simulate' ? format(labels.simulatedAt, r.block) : format(labels.readAt, r.block);
  const fields = el('dl', { class: 'fields' });
  if (r.args.length) fields.append(...field(labels.arguments, renderArgs(r.args, ctx)));
  if (r.from) fields.append(...field(labels.from, el('span', { class: 'mono' }, r.from)));
  if (r.valueHype) fields.append(...field(labels.value, `${r.valueHype} ${labels.hype}`));
  if (r.outcome === 'returned') {
    fields.append(
      ...field(
        labels.returnedLabel,
        el(
          'div',
          { 'data-field': 'returned' },
          r.returned
            ? r.returned.length
              ? renderArgs(r.returned, ctx)
              : el('span', { class: 'secondary' }, '()')
            : el('span', { class: 'secondary' }, labels.notAvailable),
        ),
      ),
    );
  } else if (r.outcome === 'reverted' && r.revert) {
    fields.append(
      ...field(
        labels.revertedLabel,
        el('span', { class: 'revert', 'data-field': 'revert' }, r.revert.text),
        r.revert.decoded ? renderDecoded(r.revert.decoded, ctx, 'errorDecoded') : null,
      ),
    );
  } else if (r.error) {
    fields.append(...field(labels.failedLabel, el('span', { class: 'revert', 'data-field': 'error' }, r.error)));
  }
  if (r.coreRead && r.coreRead.outputs.length) {
    const list = el(
      'dl',
      { class: 'fields', 'data-field': 'coreRead' },
      ...[...r.coreRead.inputs, ...r.coreRead.outputs].flatMap((f) =>
        field(f.label, el('span', { class: f.mono ? 'mono' : '', 'data-core': f.label }, f.value)),
      ),
    );
    fields.append(...field(labels.inHumanUnits, list));
  }
  if (r.namesProblem)
    fields.append(...field('', el('span', { class: 'secondary', 'data-field': 'namesProblem' }, format(labels.namesProblem, r.namesProblem))));
  if (r.precompileCaveat) fields.append(...field('', el('span', { class: 'secondary', 'data-field': 'precompileCaveat' }, labels.precompileCaveat)));
  if (r.gasUsed !== null) fields.append(...field(labels.gasUsedLabel, el('span', { 'data-field': 'gasUsed' }, r.gasUsed)));
  if (r.kind === 'simulate') {
    const fee = (f: RunView['feeSmall']) => (f ? format(labels.atGasPrice, f.hype, f.gwei) : labels.notAvailable);
    fields.append(
      ...field(labels.feeSmall, el('span', { 'data-field': 'feeSmall' }, fee(r.feeSmall))),
      ...field(labels.feeBig, el('span', { 'data-field': 'feeBig' }, fee(r.feeBig))),
    );
  }
  for (const a of r.coreActions) fields.append(...field('', el('span', { class: 'core-action', 'data-field': 'coreAction' }, format(labels.wouldSend, a))));
  if (r.missing) fields.append(...field('', el('span', { class: 'secondary', 'data-field': 'missing' }, format(labels.missingNote, r.missing))));
  const events =
    r.events === null
      ? null
      : el(
          'div',
          { class: 'events', 'data-field': 'events' },
          el('h4', {}, `${labels.events} (${r.events.length})`),
          r.events.length === 0 ? el('p', { class: 'empty' }, labels.noEvents) : null,
          ...r.events.map((e) =>
            el(
              'div',
              { class: 'log', 'data-event': e.decoded?.name ?? '' },
              el('div', { class: 'log-head' }, labels.logAddress, ' ', el('span', { class: 'mono' }, e.address), nameOf(e.address, ctx)),
              e.decoded ? renderDecoded(e.decoded, ctx, 'event') : el('pre', { class: 'mono data', tabindex: 0 }, [...e.topics, e.data].join('\n')),
            ),
          ),
        );
  const actions = el(
    'p',
    {},
    r.fn !== null ? button(labels.change, () => change(r), { 'data-action': `change-${r.id}` }) : null,
    ' ',
    previous ? button(labels.compareWith, () => post({ type: 'compare', a: previous.id, b: r.id }), { 'data-action': `compare-${r.id}` }) : null,
  );
  return el(
    'article',
    { class: `run run-${r.outcome}`, 'data-run': r.id, 'data-outcome': r.outcome, 'data-source': r.source, 'aria-labelledby': `run-${r.id}-title` },
    el('h3', { id: `run-${r.id}-title` }, `#${r.id} ${r.title} `, el('span', { class: 'secondary', 'data-field': 'at' }, `(${at})`)),
    fields,
    events,
    r.tree ? renderCallTree(r.tree, ctx) : null,
    r.data && r.data !== '0x' ? el('details', {}, el('summary', {}, labels.rawData), el('pre', { class: 'mono data', tabindex: 0 }, r.data)) : null,
    actions,
  );
}

/** Puts a run's arguments back in its form, opens it and moves the keyboard to its first argument. */
function change(r: RunView): void {
  if (r.fn === null || !shown) return;
  r.argTexts.forEach((text, i) => typed.set(`${r.fn}:${i}`, text));
  typed.set('block', r.blockText);
  if (r.kind === 'simulate') {
    typed.set('from', r.fromText);
    typed.set('value', r.valueText);
  }
  open.add(String(r.fn));
  const c = shown;
  document.querySelector('.content')?.replaceChildren(...renderContract(c));
  const first =
    document.querySelector<HTMLElement>(`[data-input="${r.fn}:0"]`) ??
    document.querySelector<HTMLElement>(`details[data-fn] [data-action$="-${CSS.escape(c.functions[r.fn]?.name ?? '')}"]`);
  first?.focus();
  first?.scrollIntoView({ block: 'center' });
}

function renderCompare(c: ContractView): HTMLElement {
  const cmp = c.compare!;
  const table = el(
    'table',
    { class: 'compare', 'data-field': 'compare' },
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        el('th', { scope: 'col' }, labels.compareField),
        el('th', { scope: 'col' }, `#${cmp.a}`),
        el('th', { scope: 'col' }, `#${cmp.b}`),
        el('th', { scope: 'col' }, ''),
      ),
    ),
    el(
      'tbody',
      {},
      ...cmp.rows.map((row) =>
        el(
          'tr',
          { class: row.same ? 'same' : 'differs', 'data-row': row.label },
          el('th', { scope: 'row' }, row.label),
          el('td', {}, row.a),
          el('td', {}, row.b),
          el('td', { class: 'secondary' }, row.same ? labels.same : labels.differs),
        ),
      ),
    ),
  );
  return el(
    'div',
    { class: 'comparison' },
    el('h3', {}, format(labels.compareTitle, cmp.a, cmp.b)),
    table,
    button(labels.closeCompare, () => post({ type: 'closeCompare' }), { 'data-action': 'closeCompare' }),
  );
}

function receive(m: SimulationProtocol['host']): void {
  const next = new Map<string, string>();
  m.errors.forEach((e, i) => e !== null && m.fn !== null && next.set(`${m.fn}:${i}`, e));
  for (const [k, e] of Object.entries(m.fields)) if (e) next.set(k, e);
  // Nothing to redraw when the mistakes shown are the same and the form is already open (a good read's "no
  // mistakes" before it runs): the page is drawn once, with the result.
  const same = next.size === errors.size && [...next].every(([k, e]) => errors.get(k) === e) && (m.fn === null || open.has(String(m.fn)));
  errors = next;
  if (!shown || same) return;
  if (m.fn !== null) open.add(String(m.fn));
  document.querySelector('.content')?.replaceChildren(...renderContract(shown));
  const firstError = document.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (firstError) {
    firstError.focus();
    status.textContent = errors.values().next().value ?? '';
  }
}

page.start({
  state: (v) => ({ address: addressOf(v) }),
  toolbar,
  loading: (v) => v.address,
  content,
  receive,
});
