import * as crypto from 'node:crypto';
import * as vscode from 'vscode';
import { holdWarm } from './warmHolds';
import { describeError, isCancellation, ProviderError } from '../core/errors';
import type { ProviderClients } from '../core/provider';
import { Commands, SECTION } from '../ids';
import { revealInvisibles } from '../view/escape';
import type { Translate } from '../view/format';
import {
  explorerUrl,
  problemKindOf,
  type CommonProblemKind,
  type CommonWebviewMessage,
  type HostMessageOf,
  type PageProtocol,
  type WebviewMessageOf,
} from '../view/panelMessages';
import PAGES from '../webview/pages.json';
import type { NetworkId } from '../core/networks';
import type { ShownNetwork } from '../view/panelMessages';
import { explorerHost, networkLabel } from './networkWords';
import type { Services } from './services';
import { settings } from './settings';
import { runCommand } from './commands';
import { msg } from '../core/translate';
import { vscodeTranslate } from './translate';

/**
 * What the extension's webview panels (the block page, the transaction page) share on the host side: the
 * HTML shell with its strict CSP and a fresh nonce from `crypto`, the options (scripts on, command URIs off,
 * resources from `dist/webview` and `media` only), the open panels of each page (one per target, revealed
 * when asked again, revived after a window reload, closed together), the `ready` handshake (nothing is
 * posted before the webview says it listens, and the view is sent again when a hidden panel's webview is
 * re-created), the messages every page sends (copy, explorer, set key, demo, settings, log, retry, cancel),
 * the load (its run, cancellation, delayed progress, failure), a new try when the connection changes, and
 * disposal.
 */

/** A page's row in the PAGES table (src/webview/pages.json): its script is `dist/webview/<name>.js`, built from `src/<name>/webview/main.ts`. */
export type PageName = keyof typeof PAGES;

/** One page as the host knows it: its row in the PAGES table, its webview type, and what it says of a target. */
export interface PanelPage<P extends PageProtocol, Target> {
  name: PageName;
  viewType: string;
  title(target: Target): string;
  /** Shown until the script takes over. */
  loadingText(target: Target): string;
  /** Whether two targets are the same (then the panel showing it is revealed, not a second one opened). */
  same(a: Target, b: Target): boolean;
  /** The page's check of what its webview sends (protocol.ts). */
  isMessage(value: unknown): value is WebviewMessageOf<P>;
  /** Every word the page shows (labels.ts): the host passes `vscode.l10n`, the webview has none. */
  labels(l10n: { t: Translate }): P['labels'];
}

export function panelOptions(context: vscode.ExtensionContext): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    localResourceRoots: [vscode.Uri.joinPath(context.extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(context.extensionUri, 'media')],
  };
}

/** The page's HTML: no inline script or style, every resource from the extension, a nonce per load. */
export function panelHtml(webview: vscode.Webview, extension: vscode.Uri, page: { name: PageName; title: string; loadingText: string }): string {
  const nonce = crypto.randomBytes(18).toString('base64');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extension, 'dist', 'webview', `${page.name}.js`));
  const styles = ['panel.css', ...PAGES[page.name].styles].map(
    (s) => `<link rel="stylesheet" href="${webview.asWebviewUri(vscode.Uri.joinPath(extension, 'media', s)).toString()}">`,
  );
  const csp = [
    "default-src 'none'",
    `style-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
    `img-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="${escapeHtml(vscode.env.language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
${styles.join('\n')}
<title>${escapeHtml(page.title)}</title>
</head>
<body>
<main id="app" aria-busy="true"><p>${escapeHtml(page.loadingText)}</p></main>
<script nonce="${nonce}" src="${script.toString()}"></script>
</body>
</html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One load of a panel's target; a newer load replaces it (and aborts it). */
export interface LoadRun {
  readonly abort: AbortController;
}

/**
 * The open panels of one page, one per target: asking for a target on show reveals its panel (and waits
 * for its load under way, if any), a panel restored after a window reload loads again, and all close
 * together. Each page's module holds one, and its `createOrShow`, `revive` and `disposeAll` are these.
 */
export class OpenPanels<P extends PageProtocol, Target, Result> {
  private readonly open = new Set<PanelHost<P, Target, Result>>();

  constructor(
    private readonly page: PanelPage<P, Target>,
    private readonly create: (services: Services, panel: vscode.WebviewPanel, target: Target) => PanelHost<P, Target, Result>,
  ) {}

  /** The panel that shows `target` (on `network`, when given: block 6,699 of testnet is not mainnet's), if one is open. */
  showing(target: Target, network?: NetworkId): PanelHost<P, Target, Result> | undefined {
    return [...this.open].find((p) => p.shows(target) && (network === undefined || p.network === network));
  }

  /** Shows `target` on the network shown: reveals the panel that already shows it, or opens a new one and loads it. */
  show(services: Services, target: Target): Promise<Result> {
    const existing = this.showing(target, services.connection.network);
    if (existing) {
      existing.panel.reveal();
      return existing.outcome();
    }
    const panel = vscode.window.createWebviewPanel(this.page.viewType, this.page.title(target), vscode.ViewColumn.Active, panelOptions(services.context));
    return this.track(this.create(services, panel, target)).load(false);
  }

  /** After a window reload, `target` is what the webview kept (see the page's `state`); with none, nothing says what it showed. */
  revive(services: Services, panel: vscode.WebviewPanel, target: Target | undefined): void {
    if (target === undefined) {
      panel.dispose();
      return;
    }
    panel.webview.options = panelOptions(services.context);
    void this.track(this.create(services, panel, target)).load(false);
  }

  /** Closes every panel of the page (on deactivation). */
  disposeAll(): void {
    for (const p of [...this.open]) p.dispose();
  }

  private track(host: PanelHost<P, Target, Result>): PanelHost<P, Target, Result> {
    this.open.add(host);
    // Fired when the user closes the panel and when `dispose` closes it.
    host.panel.onDidDispose(() => this.open.delete(host));
    return host;
  }
}

/**
 * One panel on the host side. The page says what its target's load fetches and shows, what its result is,
 * and handles its own messages; the host runs the load (cancelling the one before), says what went wrong,
 * tries again when the connection changes, and answers the messages every page sends. The view last
 * posted is kept, and sent once the webview is ready (again after it was re-created).
 */
export abstract class PanelHost<P extends PageProtocol, Target, Result> implements vscode.Disposable {
  protected readonly disposables: vscode.Disposable[] = [];
  protected view: P['view'];
  protected disposed = false;
  /** The network the page shows: the one shown when it opened, kept when the user switches. */
  readonly network: NetworkId;
  /** The load under way (or the last one); closing the panel aborts it. */
  protected run?: LoadRun;
  /** The load under way, if any: asking for the same page again waits for it. */
  protected loading?: Promise<Result>;
  private ready = false;

  protected constructor(
    protected readonly services: Services,
    readonly panel: vscode.WebviewPanel,
    private readonly page: PanelPage<P, Target>,
    /** What the panel shows; a page may move it (the block page's previous and next). */
    protected target: Target,
    initial: P['view'],
  ) {
    this.view = initial;
    this.network = services.connection.network;
    panel.iconPath = vscode.Uri.joinPath(services.context.extensionUri, 'media', 'hyperliquid.svg');
    panel.webview.html = panelHtml(panel.webview, services.context.extensionUri, {
      name: page.name,
      title: page.title(target),
      loadingText: page.loadingText(target),
    });
    this.disposables.push(
      // While the page is open, its network's connection is kept open for its next request.
      holdWarm(services, this.network),
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((m: unknown) => {
        if (page.isMessage(m)) void this.receive(m);
      }),
      // A new key, base URL or demo mode may fix what went wrong: try again on our own. A load under way
      // used the old connection: start it again too.
      services.connection.onDidChange(() => {
        const v = this.view as { kind: string; problem?: string };
        const failed = v.kind === 'problem' && v.problem !== 'notFound' && v.problem !== 'cancelled';
        if (failed || this.loading) void this.load(false);
      }),
    );
  }

  /** Whether the panel shows `target`. */
  shows(target: Target): boolean {
    return this.page.same(this.target, target);
  }

  /** What the load under way ends with, or else what the panel shows. */
  outcome(): Promise<Result> {
    return this.loading ?? Promise.resolve(this.result());
  }

  /**
   * Loads the target: its loading state (on a `retry`, a page may keep what it shows meanwhile), then the
   * page or what went wrong; never leaves the panel blank. Cancels the load before; a load that a newer
   * one replaced resolves with the newer one's result.
   */
  load(retry: boolean): Promise<Result> {
    this.startLoading(retry);
    const run = this.startRun();
    const loading = this.runLoad(run).finally(() => {
      if (this.loading === loading) this.loading = undefined;
    });
    this.loading = loading;
    return loading;
  }

  private async runLoad(run: LoadRun): Promise<Result> {
    try {
      const clients = await this.clientsFor(run);
      if (clients) await this.fetchAndShow(clients, run);
    } catch (e) {
      if (this.isStale(run)) return this.loading ?? this.result();
      await this.fail(e, run);
    }
    return this.result();
  }

  /** Posts the page's loading state (or, on a `retry`, keeps what it shows, marked as loading again). */
  protected abstract startLoading(retry: boolean): void;

  /** Fetches the target with the connection's `clients` (see `fetch`) and shows it. */
  protected abstract fetchAndShow(clients: ProviderClients, run: LoadRun): Promise<void>;

  /** What the panel shows, for the command that opened it (and tests). */
  protected abstract result(): Result;

  /** `work` under a progress notification if it is slow; what it brings is dropped if a newer load took over or the user cancelled. */
  protected async fetch<T>(title: string, run: LoadRun, work: () => Promise<T>): Promise<T> {
    const value = await withDelayedProgress(title, run.abort, work);
    this.checkRun(run);
    return value;
  }

  /** Says what went wrong: in the log (unless it was the input), then on the page. */
  private async fail(e: unknown, run: LoadRun): Promise<void> {
    const words = this.failureWords();
    if (isCancellation(e)) return this.failed('cancelled', words.cancelled);
    const message = revealInvisibles(describeError(e, vscodeTranslate));
    const kind = e instanceof ProviderError ? e.kind : undefined;
    if (kind === 'notFound' && this.failNotFound) return this.failNotFound(message, run);
    if (kind !== 'badInput' && !this.disposed) this.services.log.warn(`${words.log}: ${revealInvisibles(describeError(e))}`);
    this.failed(problemKindOf(kind), message);
  }

  /** The page's words for a failed load: what the log line starts with, and the page's text for a cancelled lookup. */
  protected abstract failureWords(): { log: string; cancelled: string };

  /** A page that has more to say when its target is not found (the block page: how far the chain goes). */
  protected failNotFound?(message: string, run: LoadRun): Promise<void>;

  /** Shows the problem instead of the page; a page may keep what it shows instead (the transaction page on a retry). */
  protected failed(problem: CommonProblemKind, message: string): void {
    this.problem(problem, message);
  }

  /** Shows what went wrong instead of the page. */
  protected abstract problem(problem: CommonProblemKind, message: string): void;

  /** A message of the page's own (the common ones are handled here). */
  protected abstract onMessage(m: P['webview']): Promise<void>;

  /** The node's answers for what is on show, untouched, in a read-only JSON editor. */
  protected abstract showRawJson(): Promise<void>;

  /** Keeps `view` as the page's state, and shows it if the webview listens. */
  protected post(view: P['view']): void {
    this.view = view;
    if (this.ready) this.send({ type: 'show', labels: this.page.labels(vscode.l10n), view, network: this.networkShown() });
  }

  /** What the page says of its network: its name, and where its explorer links go. */
  private networkShown(): ShownNetwork {
    return { label: networkLabel(this.network), explorer: explorerHost(settings.explorerUrl(this.network)) };
  }

  protected send(message: HostMessageOf<P>): void {
    if (this.disposed) return; // a load that ends after the panel was closed
    void this.panel.webview.postMessage(message);
  }

  private async receive(m: WebviewMessageOf<P>): Promise<void> {
    const common = m as CommonWebviewMessage;
    switch (common.type) {
      case 'ready':
        // Also after the webview was re-created (a hidden panel's webview is not kept).
        this.ready = true;
        this.post(this.view);
        return;
      case 'copy':
        return copyToClipboard(common.text);
      case 'openExplorer':
        await vscode.env.openExternal(vscode.Uri.parse(explorerUrl(settings.explorerUrl(this.network), common.target)));
        return;
      case 'setApiKey':
        await runCommand(Commands.setApiKey);
        return;
      case 'tryDemo':
        await runCommand(Commands.tryDemo);
        return;
      case 'openSettings':
        await vscode.commands.executeCommand('workbench.action.openSettings', SECTION);
        return;
      case 'showLog':
        this.services.log.show();
        return;
      case 'retry':
        await this.load(true);
        return;
      case 'cancel':
        this.run?.abort.abort();
        return;
      case 'showRawJson':
        return this.showRawJson();
      default:
        return this.onMessage(m as P['webview']);
    }
  }

  /** The connection's clients of the page's network for `run`; without a key, the page says so (no prompt: the command asked). */
  protected async clientsFor(run: LoadRun): Promise<ProviderClients | undefined> {
    const clients = await this.services.connection.clients(this.network);
    this.checkRun(run);
    if (!clients) this.problem('noKey', vscode.l10n.t('Hyperliquid Explorer needs your node provider’s API key. Set it, or explore with demo data first.'));
    return clients;
  }

  /** Cancels the load under way (if any) and starts a new one. */
  private startRun(): LoadRun {
    this.run?.abort.abort();
    this.run = { abort: new AbortController() };
    return this.run;
  }

  /** A newer load took over from `run`: what `run` finds must not be shown. */
  protected isStale(run: LoadRun): boolean {
    return run !== this.run;
  }

  /** Stops `run` here if a newer load took over, or the user cancelled (or closed the panel). */
  protected checkRun(run: LoadRun): void {
    if (this.isStale(run) || run.abort.signal.aborted) throw new ProviderError('cancelled', msg('The request was cancelled.'));
  }

  /** Closes the panel and cancels its load. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.run?.abort.abort();
    this.panel.dispose();
    while (this.disposables.length) this.disposables.pop()?.dispose();
  }
}

export async function copyToClipboard(text: string): Promise<void> {
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage(vscode.l10n.t('Copied to the clipboard.'), 2000);
}

/** Progress is shown only for loads slower than this, so that fast ones do not flash a notification. */
const PROGRESS_DELAY_MS = 300;

/**
 * Runs `work`; if it takes longer than PROGRESS_DELAY_MS, shows a cancellable progress notification
 * whose Cancel aborts `abort` (and with it the request).
 */
export async function withDelayedProgress<T>(title: string, abort: AbortController, work: () => Promise<T>): Promise<T> {
  const running = work();
  let done = false;
  const timer = setTimeout(() => {
    if (done) return;
    void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (_progress, token) => {
      const cancel = token.onCancellationRequested(() => abort.abort());
      return running.then(
        () => cancel.dispose(),
        () => cancel.dispose(),
      );
    });
  }, PROGRESS_DELAY_MS);
  try {
    return await running;
  } finally {
    done = true;
    clearTimeout(timer);
  }
}
