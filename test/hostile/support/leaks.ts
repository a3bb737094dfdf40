/**
 * The key-leak search: every text the suite can see (error messages, stacks, log lines, request events,
 * notifications, tree items and tooltips, webview DOM, hover text, stored state) is searched for the API
 * key, in the forms it could take, and for the request URL. A find counts as a leak and fails the test.
 */
import * as crypto from 'node:crypto';
import { figures, incident } from './figures';

/** A distinctive key per run: a find is certainly ours. */
export function hostileKey(): string {
  return `sk-HOSTILE-${crypto.randomBytes(6).toString('hex')}`;
}

export class LeakWatch {
  private readonly needles: string[];

  /** `baseUrls`: the addresses that, followed by the key, make a request URL. */
  constructor(
    readonly key: string,
    baseUrls: readonly string[] = [],
  ) {
    const forms = [key, encodeURIComponent(key), Buffer.from(key).toString('base64'), key.split('').reverse().join('')];
    this.needles = [...new Set([...forms.map((f) => f.toLowerCase()), ...baseUrls.map((b) => `${b}/`.toLowerCase() + key.toLowerCase())])];
  }

  /** The first form of the key or URL found in `text`, or undefined. Case does not hide a find. */
  find(text: string): string | undefined {
    const lower = text.toLowerCase();
    return this.needles.find((n) => lower.includes(n));
  }

  /** Searches `text`; a find is counted and thrown. */
  check(where: string, text: string | undefined | null): void {
    if (text === undefined || text === null) return;
    figures.textsSearched += 1;
    const found = this.find(text);
    if (found !== undefined) {
      incident('leaks', `${where}: ${JSON.stringify(text.slice(0, 300))}`);
      throw new Error(`the API key leaked into ${where}: ${text.slice(0, 300)}`);
    }
  }

  /** Searches each of `texts`. */
  checkAll(where: string, texts: Iterable<string | undefined | null>): void {
    let i = 0;
    for (const t of texts) this.check(`${where} #${i++}`, t);
  }

  /** Searches an error as everything that could print it: message, stack, String(), JSON. */
  checkError(where: string, error: unknown): void {
    if (error instanceof Error) {
      this.check(`${where} (message)`, error.message);
      this.check(`${where} (stack)`, error.stack ?? '');
      this.check(`${where} (String)`, String(error));
      this.check(`${where} (JSON)`, JSON.stringify(error));
      this.check(`${where} (cause)`, String((error as { cause?: unknown }).cause ?? ''));
    } else {
      this.check(where, String(error));
    }
  }
}
