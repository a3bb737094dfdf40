/**
 * The wallet history page's script (browser), in the shell every page shares (src/webview/page.ts): the
 * range, where the rows came from, totals per coin, and one section at a time (fills, funding, transfers,
 * orders, TWAP slices) with what was loaded and what the API allows, Load More and Export CSV. Every value
 * comes from the network and goes in as text (createElement and textContent only).
 */
import { button, el, format } from '../../webview/dom';
import { pageShell, type ContentView } from '../../webview/page';
import { RANGES, type RangeId, type SectionId, type SectionView, type WalletHistoryProtocol } from '../protocol';

const page = pageShell<WalletHistoryProtocol>();
const { labels, post } = page;

/** The section shown (kept while the host sends new views). */
let active: SectionId = 'fills';

function table(columns: string[], rows: string[][], name: string, field: string): HTMLElement {
  const head = el('thead', {}, el('tr', {}, ...columns.map((c) => el('th', { scope: 'col' }, c))));
  const body = el('tbody');
  // One fragment: thousands of rows are appended at once, not one reflow each.
  const fragment = document.createDocumentFragment();
  for (const row of rows) fragment.appendChild(el('tr', {}, ...row.map((cell) => el('td', {}, cell))));
  body.appendChild(fragment);
  return el('div', { class: 'table-wrap', tabindex: 0, role: 'region', 'aria-label': name }, el('table', { 'data-field': field }, head, body));
}

function rangePicker(range: RangeId): HTMLElement {
  const select = el('select', { id: 'range', 'data-action': 'range' });
  for (const r of RANGES) select.appendChild(el('option', { value: r, selected: r === range }, labels.rangeNames[r]));
  select.addEventListener('change', () => post({ type: 'range', range: select.value as RangeId }));
  return el('label', { class: 'range' }, `${labels.range} `, select);
}

function sectionTabs(sections: SectionView[], onPick: (id: SectionId) => void): HTMLElement {
  const tabs = el('div', { class: 'tabs', role: 'tablist', 'aria-label': labels.sectionsNav });
  for (const s of sections) {
    const tab = button(`${s.title} (${s.rows.length.toLocaleString('en-US')})`, () => onPick(s.id), {
      role: 'tab',
      'aria-selected': String(s.id === active),
      'data-action': `tab-${s.id}`,
      class: s.id === active ? 'tab active' : 'tab',
    });
    tabs.appendChild(tab);
  }
  return tabs;
}

function sectionPanel(s: SectionView, busy: boolean): HTMLElement {
  const actions = el(
    'div',
    { class: 'actions' },
    s.more ? button(labels.loadMore, () => post({ type: 'more', section: s.id }), { class: 'primary', 'data-action': 'more', disabled: busy }) : null,
    button(labels.exportCsv, () => post({ type: 'export', section: s.id }), { 'data-action': 'export', disabled: s.rows.length === 0 }),
  );
  return el(
    'section',
    { role: 'tabpanel', 'data-section': s.id, 'aria-busy': String(busy) },
    el('h2', {}, s.title),
    el('p', { class: 'limit', 'data-field': 'limit' }, s.limit),
    el('p', { 'data-field': 'summary' }, s.summary),
    s.error ? el('p', { class: 'error', role: 'alert', 'data-field': 'error' }, format(labels.sectionFailed, s.error)) : null,
    actions,
    s.rows.length ? table(s.columns, s.rows, s.title, 'rows') : el('p', { class: 'empty' }, labels.empty),
  );
}

page.start({
  state: (view) => (view.kind === 'history' ? { wallet: view.wallet, range: view.range } : undefined),
  toolbar: (view) => ({
    label: labels.title,
    own: [],
    explorer: view.kind === 'problem' || view.kind === 'loading' ? null : { kind: 'address', address: view.wallet },
    raw: false,
  }),
  loading: (view) => view.wallet,
  content(view: ContentView<WalletHistoryProtocol>) {
    const holder = el('div', { class: 'section-holder' });
    const draw = (): void => {
      const s = view.sections.find((x) => x.id === active) ?? view.sections[0]!;
      holder.replaceChildren(sectionTabs(view.sections, pick), sectionPanel(s, view.busy === s.id));
    };
    const pick = (id: SectionId): void => {
      active = id;
      draw();
      holder.querySelector<HTMLElement>(`[data-action="tab-${id}"]`)?.focus();
    };
    draw();
    const nodes = [
      el('h1', { tabindex: -1 }, format(labels.title, view.wallet)),
      el('div', { class: 'meta' }, rangePicker(view.range), el('span', { 'data-field': 'period' }, `${view.from} – ${view.to}`)),
      el('p', { class: 'source', 'data-field': 'source' }, format(labels.source, view.source)),
      el(
        'section',
        { class: 'totals', 'data-section': 'totals' },
        el('h2', {}, labels.totals),
        el('p', { 'data-field': 'totals-note' }, view.totals.note),
        el(
          'div',
          { class: 'actions' },
          button(labels.exportCsv, () => post({ type: 'export', section: 'totals' }), { 'data-action': 'export-totals' }),
        ),
        view.totals.rows.length ? table(view.totals.columns, view.totals.rows, labels.totals, 'totals') : el('p', { class: 'empty' }, labels.empty),
      ),
      holder,
    ];
    const fills = view.sections.find((s) => s.id === 'fills');
    return { nodes, status: `${format(labels.title, view.wallet)}: ${fills?.summary ?? ''}`, busy: view.busy !== undefined };
  },
});
