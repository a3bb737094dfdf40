/**
 * What the panels' browser scripts share (DOM only): building elements from text (createElement and
 * textContent, never HTML: every value comes from the network), buttons and icons, the copy button, and
 * the loading and problem states with their actions.
 */
import type { CommonLabels, CommonProblemKind, CommonWebviewMessage, CountLabel, PageLabels } from '../view/panelMessages';

/** What VS Code gives a webview script: messages to the host, and a state kept across reloads. */
export interface VsCodeApi<Message, State> {
  postMessage(message: Message): void;
  getState(): State | undefined;
  setState(state: State): void;
}
declare function acquireVsCodeApi(): VsCodeApi<unknown, unknown>;

/** The page's VS Code API (it may be acquired once per page), typed with the page's messages and state. */
export function vscodeApi<Message, State>(): VsCodeApi<Message, State> {
  return acquireVsCodeApi() as VsCodeApi<Message, State>;
}

export type Child = Node | string | null | undefined | false;
export type Attributes = Record<string, string | number | boolean | undefined>;

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (name === 'class') node.className = String(value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  append(node, children);
  return node;
}

export function append(parent: Node, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    parent.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
  }
}

/** Replaces `{0}`, `{1}`… in a localized label. */
export function format(template: string, ...args: Array<string | number>): string {
  return template.replace(/\{(\d+)\}/g, (m, i: string) => (args[Number(i)] !== undefined ? String(args[Number(i)]) : m));
}

/** A count in words: the label's singular for exactly 1 (as shown: `1`), its plural otherwise. */
export function formatCount(label: CountLabel, count: string | number): string {
  return format(String(count) === '1' ? label.one : label.other, count);
}

/** A label and its value in a `<dl>`. */
export function field(label: string, ...value: Child[]): HTMLElement[] {
  return [el('dt', {}, label), el('dd', {}, ...value)];
}

export function button(label: string, onClick: () => void, attrs: Attributes = {}): HTMLButtonElement {
  const b = el('button', { type: 'button', ...attrs }, label);
  b.addEventListener('click', onClick);
  return b;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Icons as SVG paths (codicons' shapes), drawn in the text colour; no font or image to load. */
const ICONS = {
  copy: 'M4 4V2.5A1.5 1.5 0 0 1 5.5 1h7A1.5 1.5 0 0 1 14 2.5v7a1.5 1.5 0 0 1-1.5 1.5H11v1.5A1.5 1.5 0 0 1 9.5 14h-7A1.5 1.5 0 0 1 1 12.5v-7A1.5 1.5 0 0 1 2.5 4H4zm1 0h4.5A1.5 1.5 0 0 1 11 5.5V10h1.5a.5.5 0 0 0 .5-.5v-7a.5.5 0 0 0-.5-.5h-7a.5.5 0 0 0-.5.5V4zM2.5 5a.5.5 0 0 0-.5.5v7a.5.5 0 0 0 .5.5h7a.5.5 0 0 0 .5-.5v-7a.5.5 0 0 0-.5-.5h-7z',
  check: 'M6.27 10.87h.71l4.56-4.56-.71-.71-4.2 4.21-1.92-1.92L4 8.6l2.27 2.27z',
  external: 'M1.5 1H6v1H2v12h12v-4h1v4.5l-.5.5h-13l-.5-.5v-13l.5-.5zM15 1.5V8h-1V2.707L7.243 9.465l-.707-.708L13.293 2H8V1h6.5l.5.5z',
} as const;

export function icon(name: keyof typeof ICONS): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', name === 'check' ? '2 2 12 12' : '0 0 16 16');
  svg.setAttribute('width', '14');
  svg.setAttribute('height', '14');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('fill', 'currentColor');
  path.setAttribute('fill-rule', 'evenodd');
  path.setAttribute('d', ICONS[name]);
  svg.appendChild(path);
  return svg;
}

/** A small icon button named `name` (its tooltip and accessible name). */
export function iconButton(which: keyof typeof ICONS, name: string, attrs: Attributes = {}): HTMLButtonElement {
  return el('button', { type: 'button', class: 'icon', title: name, 'aria-label': name, ...attrs }, icon(which));
}

/** A copy button without a listener: `data-copy` holds the text, a delegated listener (or the caller) acts. */
export function copyIconButton(text: string, name: string): HTMLButtonElement {
  const b = iconButton('copy', name, { class: 'icon copy' });
  b.dataset.copy = text;
  return b;
}

/** After a copy: the button says "Copied" for a moment, also to screen readers (through `status`). */
export function showCopied(b: HTMLButtonElement, copiedLabel: string, status: HTMLElement): void {
  const name = b.title; // the button's name; its label says "Copied" for a moment
  b.replaceChildren(icon('check'));
  b.setAttribute('aria-label', copiedLabel);
  status.textContent = copiedLabel;
  setTimeout(() => {
    b.replaceChildren(icon('copy'));
    b.setAttribute('aria-label', name);
  }, 1500);
}

/** The loading state: a progress bar, what is loading, and Cancel. */
export function loadingState(text: string, labels: CommonLabels, post: (m: CommonWebviewMessage) => void): HTMLElement {
  return el(
    'section',
    { class: 'state loading' },
    el('div', { class: 'progress', role: 'progressbar', 'aria-label': text }),
    el('p', {}, text),
    button(labels.cancel, () => post({ type: 'cancel' }), { 'data-action': 'cancel' }),
  );
}

/** The title of a problem every page can have; `notFound` and `other` are in the page's own words. */
export function problemTitle(kind: CommonProblemKind, labels: PageLabels): string {
  const titles: Record<CommonProblemKind, string> = {
    notFound: labels.problemNotFound,
    noKey: labels.problemNoKey,
    badKey: labels.problemBadKey,
    rateLimited: labels.problemRateLimited,
    network: labels.problemNetwork,
    timeout: labels.problemTimeout,
    cancelled: labels.problemCancelled,
    config: labels.problemConfig,
    other: labels.problemOther,
  };
  return titles[kind];
}

/**
 * A problem state: its title, the message, and the actions that may fix it. `first` are the page's own
 * actions (before the common ones); `withSettings` adds Open Settings for kinds beyond `config`.
 */
export function problemState(
  p: { problem: string; title: string; message: string; note?: Child },
  labels: CommonLabels,
  post: (m: CommonWebviewMessage) => void,
  first: HTMLElement[] = [],
  withSettings = false,
): HTMLElement {
  const actions = el('div', { class: 'actions' }, ...first);
  const kind = p.problem;
  if (kind === 'noKey' || kind === 'badKey') actions.append(button(labels.setApiKey, () => post({ type: 'setApiKey' }), { class: 'primary' }));
  if (kind === 'noKey') actions.append(button(labels.tryDemo, () => post({ type: 'tryDemo' })));
  if (kind === 'config' || withSettings) actions.append(button(labels.openSettings, () => post({ type: 'openSettings' })));
  // Retry is the main action unless the page already offers a better one.
  if (kind !== 'noKey')
    actions.append(button(labels.retry, () => post({ type: 'retry' }), { class: actions.querySelector('.primary') ? '' : 'primary', 'data-action': 'retry' }));
  if (kind === 'network' || kind === 'other' || kind === 'timeout') actions.append(button(labels.showLog, () => post({ type: 'showLog' })));
  return el(
    'section',
    { class: `state problem problem-${kind}`, 'data-problem': kind },
    el('h1', {}, p.title),
    el('p', { class: 'message' }, p.message),
    p.note,
    actions,
  );
}
