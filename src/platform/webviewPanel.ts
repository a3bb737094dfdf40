import * as crypto from 'node:crypto';
import * as vscode from 'vscode';
import { ProviderError } from '../core/errors';
import type { ProviderClients } from '../core/provider';
import { Commands, SECTION } from '../ids';
import { explorerUrl, type CommonProblemKind, type CommonWebviewMessage } from '../view/panelMessages';
import type { Services } from './services';
import { settings } from './settings';
import { runCommand } from './commands';

/**
 * What the extension's webview panels (the block page, the transaction page) share on the host side: the
 * HTML shell with its strict CSP and a fresh nonce from `crypto`, the options (scripts on, command URIs off,
 * resources from `dist/webview` and `media` only), the `ready` handshake (nothing is posted before the
 * webview says it listens, and the view is sent again when a hidden panel's webview is re-created), the
 * messages every page sends (copy, explorer, set key, demo, settings, log), disposal, and progress for
 * slow loads.
 */

/** The files of one page: its script in `dist/webview`, its styles in `media`. */
export interface PanelPage {
  /** `blocks.js`, `transactions.js` (esbuild.mjs names them after their folder). */
  script: string;
  /** Stylesheets in `media/`, in order: the shared `panel.css` first. */
  styles: string[];
  title: string;
  /** Shown until the script takes over. */
  loadingText: string;
}

export function panelOptions(context: vscode.ExtensionContext): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    localResourceRoots: [vscode.Uri.joinPath(context.extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(context.extensionUri, 'media')],
  };
}

/** The page's HTML: no inline script or style, every resource from the extension, a nonce per load. */
export function panelHtml(webview: vscode.Webview, extension: vscode.Uri, page: PanelPage): string {
  const nonce = crypto.randomBytes(18).toString('base64');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extension, 'dist', 'webview', page.script));
  const styles = page.styles.map((s) => `<link rel="stylesheet" href="${webview.asWebviewUri(vscode.Uri.joinPath(extension, 'media', s)).toString()}">`);
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
 * One panel on the host side. Subclasses say what their `show` message is and handle their own messages;
 * the view last posted is kept, and sent once the webview is ready (again after it was re-created).
 */
export abstract class PanelHost<View, Message extends { type: string }, Incoming extends { type: string }, Result> implements vscode.Disposable {
  protected readonly disposables: vscode.Disposable[] = [];
  protected view: View;
  protected disposed = false;
  /** The load under way (or the last one); closing the panel aborts it. */
  protected run?: LoadRun;
  /** The load under way, if any: asking for the same page again waits for it. */
  protected loading?: Promise<Result>;
  private ready = false;

  protected constructor(
    protected readonly services: Services,
    readonly panel: vscode.WebviewPanel,
    page: PanelPage,
    initial: View,
    isMessage: (m: unknown) => m is Incoming,
  ) {
    this.view = initial;
    panel.iconPath = vscode.Uri.joinPath(services.context.extensionUri, 'media', 'hyperliquid.svg');
    panel.webview.html = panelHtml(panel.webview, services.context.extensionUri, page);
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((m: unknown) => {
        if (isMessage(m)) void this.receive(m);
      }),
    );
  }

  /** The message that shows `view` (with the page's labels). */
  protected abstract showMessage(view: View): Message;

  /** A message of the page's own (the common ones are handled here). */
  protected abstract onMessage(m: Exclude<Incoming, CommonWebviewMessage>): Promise<void>;

  /** Retry, Cancel and Show Raw JSON mean something different on each page. */
  protected abstract onCommon(m: Extract<CommonWebviewMessage, { type: 'retry' | 'cancel' | 'showRawJson' }>): Promise<void>;

  /** Keeps `view` as the page's state, and shows it if the webview listens. */
  protected post(view: View): void {
    this.view = view;
    if (this.ready) this.send(this.showMessage(view));
  }

  protected send(message: Message): void {
    if (this.disposed) return; // a load that ends after the panel was closed
    void this.panel.webview.postMessage(message);
  }

  private async receive(m: Incoming): Promise<void> {
    const common = m as unknown as CommonWebviewMessage;
    switch (common.type) {
      case 'ready':
        // Also after the webview was re-created (a hidden panel's webview is not kept).
        this.ready = true;
        this.send(this.showMessage(this.view));
        return;
      case 'copy':
        return copyToClipboard(common.text);
      case 'openExplorer':
        await vscode.env.openExternal(vscode.Uri.parse(explorerUrl(settings.explorerUrl(), common.target)));
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
      case 'cancel':
      case 'showRawJson':
        return this.onCommon(common);
      default:
        return this.onMessage(m as Exclude<Incoming, CommonWebviewMessage>);
    }
  }

  /** Shows what went wrong instead of the page. */
  protected abstract problem(problem: CommonProblemKind, message: string): void;

  /** Starts `load` as the panel's load, cancelling the one before; `loading` holds it until it ends. */
  protected startLoad(load: (run: LoadRun) => Promise<Result>): Promise<Result> {
    const run = this.startRun();
    const loading = load(run).finally(() => {
      if (this.loading === loading) this.loading = undefined;
    });
    this.loading = loading;
    return loading;
  }

  /** The connection's clients for `run`; without a key, the page says so (no prompt: the command asked). */
  protected async clientsFor(run: LoadRun): Promise<ProviderClients | undefined> {
    const clients = await this.services.connection.clients();
    this.checkRun(run);
    if (!clients) this.problem('noKey', vscode.l10n.t('Hyperliquid Explorer needs your node provider’s API key. Set it, or explore with demo data first.'));
    return clients;
  }

  /** Cancels the load under way (if any) and starts a new one. */
  protected startRun(): LoadRun {
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
    if (this.isStale(run) || run.abort.signal.aborted) throw new ProviderError('cancelled', vscode.l10n.t('The request was cancelled.'));
  }

  /** Closes the panel and cancels its load. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.run?.abort.abort();
    this.onDispose();
    this.panel.dispose();
    while (this.disposables.length) this.disposables.pop()?.dispose();
  }

  protected abstract onDispose(): void;
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
