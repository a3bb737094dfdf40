/**
 * A small stand-in for the `vscode` module, so that the extension's real tree, commands, connection and
 * log run under Node against the real demo node. It keeps what the code hands to VS Code (tree items,
 * tooltips, notifications, log lines, settings and state writes) so the hostile suite can search all
 * of it. Only the API the hover, the platform layer (connection, log, account commands) and the Open
 * Orders commands and tree use is here; the orders store needs none of it (it has no `vscode` import).
 * Nothing of the extension's own logic is re-implemented.
 */

import { incident } from './figures';

type Listener<T> = (e: T) => unknown;

export class Disposable {
  constructor(private readonly fn: () => void = () => undefined) {}
  dispose(): void {
    this.fn();
  }
}

export class EventEmitter<T> {
  private listeners = new Set<Listener<T>>();
  readonly event = (listener: Listener<T>): Disposable => {
    this.listeners.add(listener);
    return new Disposable(() => this.listeners.delete(listener));
  };
  fire(e: T): void {
    for (const l of [...this.listeners]) l(e);
  }
  dispose(): void {
    this.listeners.clear();
  }
}

export class CancellationTokenSource {
  private readonly emitter = new EventEmitter<void>();
  readonly token = { isCancellationRequested: false, onCancellationRequested: this.emitter.event };
  cancel(): void {
    this.token.isCancellationRequested = true;
    this.emitter.fire();
  }
  dispose(): void {
    this.emitter.dispose();
  }
}

export enum TreeItemCollapsibleState {
  None = 0,
  Collapsed = 1,
  Expanded = 2,
}
export enum ConfigurationTarget {
  Global = 1,
  Workspace = 2,
  WorkspaceFolder = 3,
}
export enum ProgressLocation {
  SourceControl = 1,
  Window = 10,
  Notification = 15,
}
export enum StatusBarAlignment {
  Left = 1,
  Right = 2,
}
export enum QuickPickItemKind {
  Separator = -1,
  Default = 0,
}
export enum MarkdownStringTextNewlineStyle {
  Paragraph = 0,
  Break = 1,
}

export class ThemeColor {
  constructor(readonly id: string) {}
}
export class ThemeIcon {
  constructor(
    readonly id: string,
    readonly color?: ThemeColor,
  ) {}
}

export class Uri {
  private constructor(readonly value: string) {}
  static parse(value: string): Uri {
    return new Uri(value);
  }
  static file(path: string): Uri {
    return new Uri(`file://${path}`);
  }
  static joinPath(base: Uri, ...parts: string[]): Uri {
    return new Uri([base.value, ...parts].join('/'));
  }
  toString(): string {
    return this.value;
  }
}

/**
 * VS Code 1.139's own escaping (microsoft/vscode:src/vs/base/common/htmlContent.ts: `escapeMarkdownSyntaxTokens` and
 * `MarkdownString.appendText`, read from the code-server build the UI suite runs), so that a tooltip's
 * `value` here is the Markdown VS Code would render.
 */
function escapeMarkdownSyntaxTokens(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+!~]/g, '\\$&').replace(/^([ \t]*)-/gm, '$1\\-');
}

export class MarkdownString {
  isTrusted: boolean | { enabledCommands: readonly string[] } = false;
  supportHtml = false;
  supportThemeIcons = false;
  constructor(
    public value = '',
    supportThemeIcons = false,
  ) {
    this.supportThemeIcons = supportThemeIcons;
  }
  appendText(value: string, newlineStyle = MarkdownStringTextNewlineStyle.Paragraph): MarkdownString {
    const icons = this.supportThemeIcons ? value.replace(/\$\(/g, '\\$(') : value;
    this.value += escapeMarkdownSyntaxTokens(icons)
      .replace(/([ \t]+)/g, (_m, g1: string) => '&nbsp;'.repeat(g1.length))
      .replace(/>/gm, '\\>')
      .replace(/\n/g, newlineStyle === MarkdownStringTextNewlineStyle.Break ? '\\\n' : '\n\n');
    return this;
  }
  appendMarkdown(value: string): MarkdownString {
    this.value += value;
    return this;
  }
  appendCodeblock(code: string, language = ''): MarkdownString {
    this.value += `\n\`\`\`${language}\n${code}\n\`\`\`\n`;
    return this;
  }
}

export class Position {
  constructor(
    readonly line: number,
    readonly character: number,
  ) {}
}

export class Range {
  readonly start: Position;
  readonly end: Position;
  constructor(startLine: number, startCharacter: number, endLine: number, endCharacter: number) {
    this.start = new Position(startLine, startCharacter);
    this.end = new Position(endLine, endCharacter);
  }
}

export class Hover {
  readonly contents: MarkdownString[];
  constructor(
    contents: MarkdownString | MarkdownString[],
    readonly range?: Range,
  ) {
    this.contents = Array.isArray(contents) ? contents : [contents];
  }
}

export class TreeItem {
  id?: string;
  description?: string | boolean;
  tooltip?: string | MarkdownString;
  iconPath?: unknown;
  contextValue?: string;
  command?: { command: string; title: string; arguments?: unknown[] };
  accessibilityInformation?: { label: string };
  constructor(
    public label: string,
    public collapsibleState: TreeItemCollapsibleState = TreeItemCollapsibleState.None,
  ) {}
}

// ---- what the code under test hands to VS Code, kept for the tests ----

export interface Notification {
  severity: 'error' | 'warning' | 'info' | 'status';
  message: string;
}

/** Everything the extension showed or wrote; the tests read and reset it. */
export const recorded = {
  notifications: [] as Notification[],
  logLines: [] as string[],
  clipboard: '',
  opened: [] as string[],
  /** Every `update` of a setting: key and value, as VS Code would store them in settings.json. */
  settingWrites: [] as { key: string; value: unknown }[],
  contexts: new Map<string, unknown>(),
  /** Hover providers registered, with the languages they were registered for. */
  hoverProviders: [] as { selector: unknown; provider: { provideHover(...args: unknown[]): unknown } }[],
};

/** Answers for the next `showInputBox` / `showQuickPick` calls (undefined = the user pressed Escape). */
export const scripted = {
  inputBoxAnswers: [] as (string | undefined)[],
  quickPickAnswers: [] as ((items: readonly any[]) => any)[],
  /** The button the user picks in the next message that offers buttons (a modal's confirmation, say). */
  messageAnswers: [] as (string | undefined)[],
  /** Input boxes made with `createInputBox`, newest last, for a test to type into. */
  inputBoxes: [] as ScriptedInputBox[],
};

// ---- configuration ----

const configValues = new Map<string, unknown>();
const configEmitter = new EventEmitter<{ affectsConfiguration(section: string): boolean }>();

/** Sets a setting as the user would (fires onDidChangeConfiguration). */
export async function setConfiguration(key: string, value: unknown): Promise<void> {
  if (value === undefined) configValues.delete(key);
  else configValues.set(key, structuredClone(value));
  recorded.settingWrites.push({ key, value });
  configEmitter.fire({ affectsConfiguration: (section: string) => key === section || key.startsWith(`${section}.`) });
}

export function resetConfiguration(): void {
  configValues.clear();
}

/** As VS Code's: a snapshot of the values when it was asked for, not a live view (read again after a change). */
function getConfiguration(section?: string) {
  const full = (key: string) => (section ? `${section}.${key}` : key);
  const values = new Map(configValues);
  return {
    get<T>(key: string, defaultValue?: T): T | undefined {
      const k = full(key);
      return values.has(k) ? (structuredClone(values.get(k)) as T) : defaultValue;
    },
    has(key: string): boolean {
      return values.has(full(key));
    },
    inspect(key: string) {
      return { key: full(key), globalValue: values.get(full(key)) };
    },
    update(key: string, value: unknown, _target?: ConfigurationTarget): Promise<void> {
      return setConfiguration(full(key), value);
    },
  };
}

export const workspace = {
  getConfiguration,
  onDidChangeConfiguration: configEmitter.event,
  isTrusted: true,
  registerTextDocumentContentProvider: () => new Disposable(),
};

// ---- window ----

/**
 * Text a notification would render as a link (`[label](target)`) or an icon (`$(name)`): the extension
 * escapes both (src/platform/notify.ts), so any left here came from outside unescaped.
 */
function unescapedMarkup(text: string): boolean {
  return /\]\(/.test(text) || /(^|[^\\])\$\([a-z0-9-]+(~[a-z]+)?\)/i.test(text);
}

function notify(severity: Notification['severity']) {
  return (message: string, ...items: unknown[]): Promise<string | undefined> => {
    recorded.notifications.push({ severity, message });
    const detail = items.find((i): i is { detail?: string } => typeof i === 'object' && i !== null)?.detail;
    for (const text of [message, detail ?? '', ...items.filter((i): i is string => typeof i === 'string')]) {
      if (unescapedMarkup(text)) incident('markupRendered', `a ${severity} notification would render a link or icon: ${text.slice(0, 160)}`);
    }
    const buttons = items.filter((i): i is string => typeof i === 'string');
    return Promise.resolve(buttons.length > 0 ? scripted.messageAnswers.shift() : undefined);
  };
}

export class ScriptedInputBox {
  title?: string;
  step?: number;
  totalSteps?: number;
  prompt?: string;
  placeholder?: string;
  ignoreFocusOut = false;
  password = false;
  validationMessage?: string;
  private _value = '';
  visible = false;
  private readonly changeValue = new EventEmitter<string>();
  private readonly accept = new EventEmitter<void>();
  private readonly hide_ = new EventEmitter<void>();
  readonly onDidChangeValue = this.changeValue.event;
  readonly onDidAccept = this.accept.event;
  readonly onDidHide = this.hide_.event;
  get value(): string {
    return this._value;
  }
  set value(v: string) {
    this._value = v; // set by the code: no change event, as in VS Code
  }
  /** The user types `text` (replacing what was there). */
  type(text: string): void {
    this._value = text;
    this.changeValue.fire(text);
  }
  /** The user presses Enter. */
  pressEnter(): void {
    this.accept.fire();
  }
  /** The user presses Escape. */
  pressEscape(): void {
    this.hide();
  }
  show(): void {
    this.visible = true;
  }
  hide(): void {
    if (!this.visible) return;
    this.visible = false;
    this.hide_.fire();
  }
  dispose(): void {
    this.visible = false;
  }
}

export const window = {
  showErrorMessage: notify('error'),
  showWarningMessage: notify('warning'),
  showInformationMessage: notify('info'),
  setStatusBarMessage(message: string): Disposable {
    recorded.notifications.push({ severity: 'status', message });
    return new Disposable();
  },
  createOutputChannel(_name: string, _options?: unknown) {
    const line = (level: string) => (message: string) => void recorded.logLines.push(`[${level}] ${message}`);
    return {
      info: line('info'),
      warn: line('warning'),
      error: line('error'),
      debug: line('debug'),
      trace: line('trace'),
      appendLine: line('info'),
      show: () => undefined,
      dispose: () => undefined,
    };
  },
  withProgress<R>(_options: unknown, task: (progress: { report(): void }, token: CancellationTokenSource['token']) => Thenable<R>): Thenable<R> {
    return task({ report: () => undefined }, new CancellationTokenSource().token);
  },
  showInputBox(options?: { validateInput?(value: string): unknown }): Promise<string | undefined> {
    const answer = scripted.inputBoxAnswers.shift();
    if (answer !== undefined && options?.validateInput?.(answer)) return Promise.resolve(undefined);
    return Promise.resolve(answer);
  },
  showQuickPick(items: readonly any[]): Promise<any> {
    const pick = scripted.quickPickAnswers.shift();
    return Promise.resolve(pick ? pick(items) : undefined);
  },
  createInputBox(): ScriptedInputBox {
    const box = new ScriptedInputBox();
    scripted.inputBoxes.push(box);
    return box;
  },
  createStatusBarItem() {
    return { show: () => undefined, hide: () => undefined, dispose: () => undefined };
  },
};

// ---- commands, env, l10n ----

const commandHandlers = new Map<string, (...args: any[]) => unknown>();

export const commands = {
  registerCommand(id: string, handler: (...args: any[]) => unknown): Disposable {
    if (commandHandlers.has(id)) throw new Error(`command ${id} already registered`);
    commandHandlers.set(id, handler);
    return new Disposable(() => commandHandlers.delete(id));
  },
  async executeCommand<T>(id: string, ...args: any[]): Promise<T | undefined> {
    if (id === 'setContext') {
      recorded.contexts.set(args[0], args[1]);
      return undefined;
    }
    const handler = commandHandlers.get(id);
    if (handler) return (await handler(...args)) as T;
    return undefined; // built-in commands (view focus, open settings): nothing to do here
  },
};

export const env = {
  language: 'en',
  clipboard: {
    writeText: async (text: string) => void (recorded.clipboard = text),
  },
  openExternal: async (uri: Uri) => {
    recorded.opened.push(uri.toString());
    return true;
  },
};

export const l10n = {
  t(message: string, ...args: unknown[]): string {
    return message.replace(/\{(\d+)\}/g, (whole, i: string) => (args[Number(i)] !== undefined ? String(args[Number(i)]) : whole));
  },
};

export const languages = {
  registerHoverProvider(selector: unknown, provider: { provideHover(...args: unknown[]): unknown }): Disposable {
    const entry = { selector, provider };
    recorded.hoverProviders.push(entry);
    return new Disposable(() => recorded.hoverProviders.splice(recorded.hoverProviders.indexOf(entry), 1));
  },
};

// ---- an extension context with in-memory secret storage and mementos ----

export class Memento {
  readonly writes: { key: string; value: unknown }[] = [];
  private readonly values = new Map<string, unknown>();
  get<T>(key: string, defaultValue?: T): T | undefined {
    return this.values.has(key) ? (this.values.get(key) as T) : defaultValue;
  }
  keys(): readonly string[] {
    return [...this.values.keys()];
  }
  update(key: string, value: unknown): Promise<void> {
    this.writes.push({ key, value });
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, value);
    return Promise.resolve();
  }
  setKeysForSync(): void {}
}

export class SecretStorage {
  readonly values = new Map<string, string>();
  private readonly emitter = new EventEmitter<{ key: string }>();
  readonly onDidChange = this.emitter.event;
  get(key: string): Promise<string | undefined> {
    return Promise.resolve(this.values.get(key));
  }
  store(key: string, value: string): Promise<void> {
    this.values.set(key, value);
    return Promise.resolve();
  }
  delete(key: string): Promise<void> {
    this.values.delete(key);
    return Promise.resolve();
  }
}

export function extensionContext() {
  return {
    subscriptions: [] as { dispose(): unknown }[],
    globalState: new Memento(),
    workspaceState: new Memento(),
    secrets: new SecretStorage(),
    extensionUri: Uri.file('/extension'),
    asAbsolutePath: (p: string) => `/extension/${p}`,
  };
}

/** Forgets commands and recordings between suites (each suite activates its own services). */
export function resetHost(): void {
  commandHandlers.clear();
  recorded.notifications.length = 0;
  recorded.logLines.length = 0;
  recorded.clipboard = '';
  recorded.opened.length = 0;
  recorded.settingWrites.length = 0;
  recorded.contexts.clear();
  recorded.hoverProviders.length = 0;
  scripted.inputBoxAnswers.length = 0;
  scripted.quickPickAnswers.length = 0;
  scripted.messageAnswers.length = 0;
  scripted.inputBoxes.length = 0;
  configValues.clear();
}
