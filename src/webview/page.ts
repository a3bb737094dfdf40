/**
 * The shell of every panel's page (DOM only). It takes the host's `show` messages, keeps what the panel
 * shows across a window reload, lays the page out (toolbar, content, a status line for screen readers),
 * draws the loading and problem states, and keeps the keyboard where it was. It also makes what every page
 * uses: copy buttons and explorer links. A page's script says only what is its own: its toolbar buttons,
 * its content, a problem's own parts, and the other messages it takes from the host.
 */
import type { CommonProblemKind, ExplorerTarget, HostMessageOf, PageProtocol, ShowMessage, ShownNetwork, WebviewMessageOf } from '../view/panelMessages';
import { button, copyIconButton, el, format, loadingState, problemState, problemTitle, showCopied, vscodeApi, type Child } from './dom';

type LoadingView<P extends PageProtocol> = Extract<P['view'], { kind: 'loading' }>;
type ProblemView<P extends PageProtocol> = Extract<P['view'], { kind: 'problem' }>;
/** The page itself: a view that is neither loading nor a problem. */
export type ContentView<P extends PageProtocol> = Exclude<P['view'], { kind: 'loading' | 'problem' }>;

/** What a page's script tells the shell. */
export interface PageParts<P extends PageProtocol> {
  /** What to keep across a window reload for this view; undefined keeps what was kept. */
  state(view: P['view']): P['state'] | undefined;
  /**
   * The toolbar: its accessible name, the page's own buttons (before Open in Explorer and Show Raw JSON),
   * where the explorer goes (null while not known), and whether there is raw JSON to show.
   */
  toolbar(view: P['view']): { label: string; own: HTMLElement[]; explorer: ExplorerTarget | null; raw: boolean };
  /** What is loading: the `{0}` of `labels.loading`. */
  loading(view: LoadingView<P>): string;
  /** The page itself, what the status line says of it, and whether a part of it is loading again. */
  content(view: ContentView<P>): { nodes: HTMLElement[]; status: string; busy?: boolean };
  /** A problem's own parts: a title for the page's own kinds, a note, actions before the common ones, Open Settings. */
  problem?(view: ProblemView<P>): { title?: string; note?: Child; first?: HTMLElement[]; withSettings?: boolean };
  /** Before the next view replaces this one: let go of what the page holds. */
  leave?(): void;
  /** The host's messages besides `show`. */
  receive?(message: P['host']): void;
}

/** What the shell gives a page's script. */
export interface PageShell<P extends PageProtocol> {
  /** The page's words from the host's last `show`: one object, refreshed in place, so a page may keep it. */
  readonly labels: P['labels'];
  /** Read out by screen readers: what the page shows, and "Copied". */
  readonly status: HTMLElement;
  post(message: WebviewMessageOf<P>): void;
  /** A small copy button; says "Copied" for a moment, also to screen readers. */
  copyButton(text: string, what: string): HTMLButtonElement;
  /** Asks the host to copy `text`, and says so on `b` (for copy buttons served by a delegated listener). */
  copied(b: HTMLButtonElement, text: string): void;
  /** A value that opens the explorer: the text is the value itself, so the link says where it goes. */
  explorerLink(text: string, target: ExplorerTarget, dataField?: string): HTMLButtonElement;
  /** Listens to the host and tells it the page is ready: the last thing a page's script does. */
  start(parts: PageParts<P>): void;
}

/** The page's shell, in `#app`: its script calls this once, first. */
export function pageShell<P extends PageProtocol>(): PageShell<P> {
  const labels = {} as P['labels'];
  const api = vscodeApi<WebviewMessageOf<P>, P['state']>();
  const post = (message: WebviewMessageOf<P>): void => api.postMessage(message);
  const root = document.getElementById('app') as HTMLElement;
  const toolbar = el('nav', { class: 'toolbar' });
  const content = el('div', { class: 'content' });
  const status = el('div', { class: 'visually-hidden', role: 'status', 'aria-live': 'polite' });
  /** The network the page shows (the host says it with every view). */
  let network: ShownNetwork | undefined;

  const copied = (b: HTMLButtonElement, text: string): void => {
    post({ type: 'copy', text });
    showCopied(b, labels.copied, status);
  };

  function show(parts: PageParts<P>, next: P['view']): void {
    const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement.dataset.action : undefined;
    const state = parts.state(next);
    if (state !== undefined) api.setState(state);
    parts.leave?.();
    root.replaceChildren(toolbar, content, status);
    renderToolbar(parts.toolbar(next));
    root.setAttribute('aria-busy', String(render(parts, next)));
    // Keep the keyboard where it was (Next pressed twice moves two blocks), or put it on what is new
    // rather than on nothing: a problem's first action, the page's heading. Only while the page has the
    // focus: a page redrawn behind the user's back (another network, a retry) must not take it from the
    // editor or close the command palette they are typing in.
    if (!document.hasFocus()) return;
    const again = previousFocus ? root.querySelector<HTMLElement>(`[data-action="${previousFocus}"]:not([disabled])`) : null;
    if (again) again.focus();
    else if (next.kind === 'problem') content.querySelector<HTMLElement>('button')?.focus();
    else if (next.kind !== 'loading' && previousFocus) content.querySelector<HTMLElement>('h1')?.focus();
  }

  /** Draws `view` in the content and the status line; says whether the page is busy. */
  function render(parts: PageParts<P>, view: P['view']): boolean {
    if (view.kind === 'loading') {
      const text = format(labels.loading, parts.loading(view as LoadingView<P>));
      content.replaceChildren(loadingState(text, labels, post));
      status.textContent = text;
      return true;
    }
    if (view.kind === 'problem') {
      const p = view as ProblemView<P> & { problem: string; message: string };
      const own = parts.problem?.(p) ?? {};
      const title = own.title ?? problemTitle(p.problem as CommonProblemKind, labels);
      content.replaceChildren(problemState({ problem: p.problem, title, message: p.message, note: own.note }, labels, post, own.first, own.withSettings));
      status.textContent = title;
      return false;
    }
    const shown = parts.content(view as ContentView<P>);
    content.replaceChildren(...shown.nodes);
    status.textContent = shown.status;
    return shown.busy ?? false;
  }

  function renderToolbar(bar: ReturnType<PageParts<P>['toolbar']>): void {
    const target = bar.explorer;
    toolbar.setAttribute('aria-label', bar.label);
    const badge = network ? [el('span', { class: 'network', 'data-field': 'network' }, network.label)] : [];
    toolbar.replaceChildren(
      ...badge,
      ...bar.own,
      el('span', { class: 'spacer' }),
      button(`${labels.openInExplorer} ↗`, () => target && post({ type: 'openExplorer', target }), {
        'data-action': 'explorer',
        disabled: !target,
        title: network ? `${labels.openInExplorer}: ${network.explorer}` : undefined,
      }),
      button(labels.showRawJson, () => post({ type: 'showRawJson' }), { 'data-action': 'raw', disabled: !bar.raw }),
    );
  }

  return {
    labels,
    status,
    post,
    copied,
    copyButton(text, what) {
      const b = copyIconButton(text, `${labels.copy} ${what}`);
      b.addEventListener('click', () => copied(b, text));
      return b;
    },
    explorerLink(text, target, dataField) {
      return button(text, () => post({ type: 'openExplorer', target }), {
        class: 'link mono wrap',
        title: `${labels.openInExplorer}: ${text}`,
        'data-field': dataField,
      });
    },
    start(parts) {
      window.addEventListener('message', (event: MessageEvent<HostMessageOf<P>>) => {
        const message = event.data;
        if (message.type !== 'show') return parts.receive?.(message as P['host']);
        const m = message as ShowMessage<P>;
        Object.assign(labels, m.labels);
        network = m.network;
        show(parts, m.view);
      });
      post({ type: 'ready' });
    },
  };
}
