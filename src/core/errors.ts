import { redact } from './redact';
import { msg, translateMessage, untranslated, type Message, type Translate } from './translate';

/** What went wrong, in the terms a user can act on. */
export type ProviderErrorKind =
  | 'badKey' // 401, 403
  | 'wrongPath' // 404
  | 'rateLimited' // 429
  | 'tooLarge' // 413, or a response over the size cap
  | 'refused' // 422
  | 'server' // 5xx
  | 'httpStatus' // any other unexpected status (3xx redirect, 4xx)
  | 'timeout'
  | 'network'
  | 'invalidResponse'
  | 'rpc' // a JSON-RPC error object
  | 'notFound' // no such block
  | 'cancelled'
  | 'badInput' // refused before any request
  | 'config' // a setting that cannot be used (base URL, missing key)
  | 'wrongChain'; // the node answers for another chain than the selected network

export type Endpoint = 'evm' | 'info';

export interface ProviderErrorDetails {
  status?: number;
  retryAfterSeconds?: number;
  rpcCode?: number;
  endpoint?: Endpoint;
}

/**
 * The one error type the core throws. Its message is always redacted and never holds a URL; it carries
 * no `cause`, so no axios config (which holds the URL) can ride along into logs or the UI. `message` is
 * English (logs); `describeError(e, t)` says it in the user's language.
 */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  readonly kind: ProviderErrorKind;
  readonly status?: number;
  readonly retryAfterSeconds?: number;
  readonly rpcCode?: number;
  readonly endpoint?: Endpoint;
  /** What to translate: the message as made with `msg(…)` or said by a parser in given words, or text as it is. */
  private readonly text: Localizable;

  constructor(kind: ProviderErrorKind, message: Localizable, details: ProviderErrorDetails = {}) {
    super(redact(say(message, untranslated)));
    this.text = typeof message === 'string' ? this.message : typeof message === 'object' ? redactArgs(message) : message;
    this.kind = kind;
    this.status = details.status;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.rpcCode = details.rpcCode;
    this.endpoint = details.endpoint;
    if (this.stack) this.stack = redact(this.stack);
  }

  /** The message in the words `t` gives, redacted like `message`. */
  say(t: Translate): string {
    return redact(say(this.text, t));
  }

  /** Worth trying again without the user changing anything. */
  get retryable(): boolean {
    return ['rateLimited', 'server', 'timeout', 'network'].includes(this.kind);
  }
}

/**
 * An error's message: made with `msg(…)` (the core's usual way), said by a function in the words it is
 * given (a parser of the core that takes a `Translate`), or plain text (from outside, said as it is).
 */
export type Localizable = Message | ((t: Translate) => string) | string;

function say(text: Localizable, t: Translate): string {
  return typeof text === 'string' ? text : typeof text === 'function' ? text(t) : translateMessage(text, t);
}

/** The message with every text argument redacted, so that no field of the error holds a secret. */
function redactArgs(m: Message): Message {
  return { message: m.message, args: m.args.map((a) => (typeof a === 'string' ? redact(a) : typeof a === 'number' ? a : redactArgs(a))) };
}

export function isProviderError(e: unknown): e is ProviderError {
  return e instanceof ProviderError;
}

/** The one error of a request that was cancelled (or timed out, which the caller maps to a timeout). */
export function cancelledError(endpoint?: Endpoint): ProviderError {
  return new ProviderError('cancelled', msg('The request was cancelled.'), endpoint ? { endpoint } : {});
}

export function isCancellation(e: unknown): boolean {
  return e instanceof ProviderError && e.kind === 'cancelled';
}

/**
 * A message safe to show or log for anything thrown: provider errors in the words of `t` (English by
 * default, for logs; `vscodeTranslate` for the user), others redacted as they are.
 */
export function describeError(e: unknown, t: Translate = untranslated): string {
  if (e instanceof ProviderError) return e.say(t);
  if (e instanceof Error) return redact(e.message);
  return redact(String(e));
}

/**
 * The first part of a provider's error body, as one line of plain text, for an error message. Secrets
 * go first, from the whole body: stripping tags or cutting the text could otherwise break a key apart
 * (`<>KEY` loses `<>`) and leave its rest behind.
 */
export function bodyExcerpt(body: string, max = 160): string {
  const text = redact(body)
    .replace(/<[^>]*>/g, ' ') // an HTML error page from a proxy: keep its words only
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
