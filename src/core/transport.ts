import type { Readable } from 'node:stream';
import type { AxiosInstance, AxiosResponse } from 'axios';
import { bodyExcerpt, cancelledError, ProviderError, type Endpoint } from './errors';
import type { EndpointUrls } from './endpoints';
import { msg, type Message } from './translate';
import { jsonProblem, MAX_JSON_DEPTH, MAX_JSON_KEYS, readJsonSliced, type JsonProblem, type WholeParse } from './jsonLimits';

export interface TransportOptions {
  /** Request timeout in milliseconds. */
  timeoutMs: number;
  /** Largest response body accepted, in bytes, for any request (each request may ask for less). */
  maxResponseBytes?: number;
  /** Extra attempts for reads that failed in a way worth retrying (network, timeout, 5xx, 429). */
  maxRetries?: number;
  /** First backoff delay in milliseconds; doubles each attempt, with full jitter. */
  retryBaseMs?: number;
  /** The longest Retry-After we wait for on our own; a longer one is reported to the user instead. */
  maxRetryAfterSeconds?: number;
  /** Observes each request (for the log): endpoint, a label, duration, outcome. Never sees the URL. */
  onRequest?: (event: RequestEvent) => void;
}

export interface RequestEvent {
  endpoint: Endpoint;
  label: string;
  ms: number;
  status?: number;
  attempt: number;
  error?: ProviderError;
}

export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/** What one request's successful answer may hold: what its method can legitimately return, with room. */
export interface AnswerLimits {
  /** Bytes (never more than the transport's own cap). */
  maxBytes: number;
  /** Values, containers included (see `jsonProblem`). */
  maxValues: number;
  /** Distinct field names; default `MAX_JSON_KEYS`. */
  maxKeys?: number;
}

/** What the clients need of a transport: a JSON request and its parsed answer (`Transport`, or a route over several). */
export type JsonPoster = Pick<Transport, 'postJson'> & {
  /** Whether a JSON-RPC call of `method` must go alone, not in a batch (a route that sends it elsewhere or answers it itself). */
  alone?(method: string): boolean;
};

// No agent of our own: Node's global agent keeps connections alive (Node 19+), and inside VS Code an
// explicit agent would opt out of its proxy support (`http.proxySupport: "on"` routes a request through
// `http.proxy` or PAC only when it has no agent; "override" replaces the agent anyway). Requests made
// with the default agent go wherever the user's proxy settings say.

/** Answers larger than this are scanned and parsed in slices, the event loop turning between them (see `parse`). */
export const YIELD_ABOVE_BYTES = 256 * 1024;
/** The longest slice of a large answer's scan or parse before the event loop gets a turn. */
const SLICE_MS = 8;
/**
 * A large answer up to these bytes and values is scanned in slices but parsed by one `JSON.parse`: 2 MB of
 * JSON is ~10–20 ms of it, while taking it apart in pieces costs half as much again (a wallet's 5,000
 * orders, 1.4 MB and ~90,000 values: 38 ms sliced, 25 ms so). Denser text goes in pieces: 1.4 MB of empty
 * objects (500,000 values) held the loop 60–70 ms in one `JSON.parse`.
 */
const PARSE_WHOLE: WholeParse = { maxBytes: 2 * 1024 * 1024, maxValues: 200_000 };

/**
 * `Buffer.concat(chunks, total)`, the event loop turning whenever `sliceMs` have passed: 32 MB copied at
 * once held it 20–35 ms on a quiet machine and past 200 ms on a loaded one (the copy first touches every
 * page of the new buffer).
 */
async function joinInSlices(chunks: readonly Buffer[], total: number, sliceMs: number, signal: AbortSignal, endpoint: Endpoint): Promise<Buffer> {
  if (chunks.length === 1) return chunks[0]!;
  const whole = Buffer.allocUnsafe(total);
  let at = 0;
  let started = performance.now();
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.length;
    if (performance.now() - started > sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      if (signal.aborted) throw cancelledError(endpoint); // mapped to timeout or cancellation by the caller
      started = performance.now();
    }
  }
  return whole;
}

type Axios = typeof import('./axiosBundle');
let axiosModule: Axios | undefined;
let loadingAxios: Promise<Axios> | undefined;

/**
 * axios is loaded with the first request, not with the extension: its module setup probes for fetch
 * and FormData, which makes Node load its own fetch implementation (undici). Measured in the extension
 * host, that was most of the time VS Code spent loading the extension, in every window.
 */
async function loadAxios(): Promise<Axios> {
  return (axiosModule ??= await (loadingAxios ??= import('./axiosBundle')));
}

/**
 * The one HTTP client: a single axios instance with keep-alive, a timeout, a response size cap and
 * AbortSignal cancellation. It posts JSON, returns the parsed JSON body, and turns every failure into a
 * `ProviderError` whose message a user understands and which never holds the key or the URL.
 *
 * Parsing is bounded, since it runs on the extension host's one thread: axios hands over raw bytes,
 * each request's answer has its own limits (what its method can legitimately return: bytes, values,
 * distinct field names), and the nesting and counts are scanned before `JSON.parse` ever sees the text
 * (32 MB nested 16 million levels deep held the thread 5–6 s in `JSON.parse`; the scan refuses it
 * after 65 bytes).
 */
export class Transport {
  private client?: AxiosInstance;
  private readonly maxResponseBytes: number;

  constructor(
    private readonly endpoints: EndpointUrls,
    private readonly options: TransportOptions,
  ) {
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  }

  private async axios(): Promise<AxiosInstance> {
    if (this.client) return this.client;
    const { default: axios } = await loadAxios();
    return (this.client ??= axios.create({
      adapter: 'http',
      timeout: 0, // axios' timeout is an idle timeout; `once` sets a deadline for the whole request
      maxContentLength: -1, // enforced while reading the stream, and on the declared length at once
      maxBodyLength: 1024 * 1024,
      maxRedirects: 0, // a redirect would carry the key somewhere we did not choose
      proxy: false, // not axios' own environment-variable proxy: VS Code's proxy support decides
      responseType: 'stream',
      // The body is JSON we wrote: axios' own transform would parse it again to check it.
      transformRequest: [(data: unknown) => data],
      transformResponse: [(data: unknown) => data], // we parse, so that bad JSON gets our own message
      transitional: { silentJSONParsing: false, forcedJSONParsing: false, clarifyTimeoutError: true },
      validateStatus: () => true,
      // Content-Type is the only header of meaning we send; axios' own Accept and User-Agent are switched
      // off. `Connection: keep-alive` and `Accept-Encoding` are transport headers: VS Code's proxy agent
      // closes every connection unless the request asks to keep it (microsoft/vscode#173861, docs/FACTS.md),
      // and a compressed answer is read through the same byte and value caps once inflated.
      headers: {
        'Content-Type': 'application/json',
        Connection: 'keep-alive',
        'Accept-Encoding': 'gzip, deflate, br',
        Accept: false as never,
        'User-Agent': false as never,
      },
    }));
  }

  get timeoutMs(): number {
    return this.options.timeoutMs;
  }

  /**
   * POSTs `body` as JSON and returns the parsed JSON answer. Retries reads a bounded number of times.
   * `limits`: what this request's successful answer may hold (its bytes never more than the
   * transport's own cap); an error page is read up to the transport's cap, for its status and excerpt.
   */
  async postJson(endpoint: Endpoint, body: string, label: string, signal?: AbortSignal, limits?: AnswerLimits): Promise<unknown> {
    return this.request(endpoint, { body }, label, signal, limits);
  }

  /**
   * GETs the endpoint's URL with `query` (an explorer's API: `module=account&action=txlist&…`) and returns
   * the parsed JSON answer, as `postJson` does. The query may hold a key: it is part of the URL, which
   * nothing logs or shows (the key is registered with `redact.ts` where the endpoint is made).
   */
  async getJson(endpoint: Endpoint, query: string, label: string, signal?: AbortSignal, limits?: AnswerLimits): Promise<unknown> {
    return this.request(endpoint, { query }, label, signal, limits);
  }

  private async request(endpoint: Endpoint, what: Outgoing, label: string, signal?: AbortSignal, limits?: AnswerLimits): Promise<unknown> {
    const maxRetries = this.options.maxRetries ?? 2;
    const bounded: AnswerLimits = {
      maxValues: Number.POSITIVE_INFINITY,
      ...limits,
      maxBytes: Math.min(limits?.maxBytes ?? this.maxResponseBytes, this.maxResponseBytes),
    };
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once(endpoint, what, label, attempt, bounded, signal);
      } catch (e) {
        const err = e as ProviderError;
        const delay = this.retryDelayMs(err, attempt, maxRetries);
        if (delay === undefined) throw err;
        await sleep(delay, signal);
      }
    }
  }

  /** How long to wait before the next attempt, or undefined to give up now. */
  private retryDelayMs(err: ProviderError, attempt: number, maxRetries: number): number | undefined {
    if (!err.retryable || attempt >= maxRetries) return undefined;
    if (err.kind === 'rateLimited' && err.retryAfterSeconds !== undefined) {
      const limit = this.options.maxRetryAfterSeconds ?? 5;
      return err.retryAfterSeconds <= limit ? err.retryAfterSeconds * 1000 : undefined;
    }
    if (err.kind === 'timeout') return undefined; // the user already waited a whole timeout
    const base = this.options.retryBaseMs ?? 200;
    return Math.random() * base * 2 ** attempt; // full jitter: no synchronized retry storms
  }

  private async once(endpoint: Endpoint, what: Outgoing, label: string, attempt: number, limits: AnswerLimits, signal?: AbortSignal): Promise<unknown> {
    if (signal?.aborted) throw cancelledError(endpoint);
    const client = this.client ?? (await this.axios());
    // The caller may have cancelled while axios was loading (the first request only).
    if (signal?.aborted) throw cancelledError(endpoint);
    const started = performance.now();
    // One wall-clock deadline for connect, headers and the whole body; the caller's signal also stops it.
    const local = new AbortController();
    const timer = setTimeout(() => local.abort(DEADLINE), this.options.timeoutMs);
    const onCallerAbort = () => local.abort(CALLER);
    signal?.addEventListener('abort', onCallerAbort, { once: true });
    let status: number | undefined;
    try {
      const url = this.endpoints.url(endpoint);
      const response =
        'body' in what
          ? await client.post<Readable>(url, what.body, { signal: local.signal })
          : await client.get<Readable>(`${url}?${what.query}`, { signal: local.signal });
      status = response.status;
      const ok = status >= 200 && status < 300;
      const bytes = await this.read(endpoint, response, ok ? limits.maxBytes : this.maxResponseBytes, local.signal);
      const parsed = await this.parse(endpoint, label, status, bytes, response.headers, limits, local.signal);
      this.options.onRequest?.({ endpoint, label, ms: performance.now() - started, status, attempt });
      return parsed;
    } catch (e) {
      let err: ProviderError;
      if (local.signal.reason === DEADLINE) err = this.timedOut(endpoint);
      else if (local.signal.aborted) err = cancelledError(endpoint);
      else err = e instanceof ProviderError ? e : this.fromAxios(endpoint, e);
      this.options.onRequest?.({ endpoint, label, ms: performance.now() - started, status, attempt, error: err });
      throw err;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
      // Whatever is still open (a body not read to its end) is closed now.
      if (!local.signal.aborted) local.abort(DONE);
    }
  }

  /**
   * The body's bytes, refused as soon as they are known to be over `cap`: on the declared
   * `Content-Length` before any byte of the body is read, else when the bytes read pass the cap.
   */
  private async read(endpoint: Endpoint, response: AxiosResponse<Readable>, cap: number, signal: AbortSignal): Promise<Buffer> {
    const stream = response.data;
    const declared = Number(response.headers['content-length']);
    if (declared > cap) {
      stream.destroy();
      throw this.tooLarge(endpoint, cap);
    }
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of stream as AsyncIterable<Buffer | string>) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      total += buffer.length;
      if (total > cap) {
        stream.destroy();
        throw this.tooLarge(endpoint, cap);
      }
      chunks.push(buffer);
      if (signal.aborted) break;
    }
    if (signal.aborted) throw cancelledError(endpoint); // mapped to timeout or cancellation by the caller
    const bytes = total > YIELD_ABOVE_BYTES ? await joinInSlices(chunks, total, SLICE_MS, signal, endpoint) : Buffer.concat(chunks, total);
    return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes; // a UTF-8 BOM
  }

  private tooLarge(endpoint: Endpoint, cap = this.maxResponseBytes): ProviderError {
    return new ProviderError('tooLarge', msg('The provider’s answer was larger than the {0} limit.', formatBytes(cap)), { endpoint });
  }

  private timedOut(endpoint: Endpoint): ProviderError {
    return new ProviderError('timeout', msg('The provider did not answer within {0}.', formatSeconds(this.options.timeoutMs)), { endpoint });
  }

  /**
   * The answer's JSON, once its status, nesting and counts are known to be fine. An answer over
   * `YIELD_ABOVE_BYTES` is scanned in slices of `SLICE_MS`, then parsed at once within `PARSE_WHOLE`
   * (bytes and values) and in slices above it (`readJsonSliced`: the same result as
   * `JSON.parse`), with a turn before the caller's validation, so
   * that the extension host's loop is never held by a whole large answer (a receipt at its 32 MB cap
   * is ~100 ms of scan and ~110–150 ms of `JSON.parse` at once).
   */
  private async parse(
    endpoint: Endpoint,
    label: string,
    status: number,
    bytes: Buffer,
    headers: AxiosResponse['headers'],
    limits: AnswerLimits,
    signal: AbortSignal,
  ): Promise<unknown> {
    if (status < 200 || status >= 300) throw httpError(endpoint, status, bytes.toString('utf8'), headers['retry-after']);
    const large = bytes.length > YIELD_ABOVE_BYTES;
    const stopIfCancelled = () => {
      if (signal.aborted) throw cancelledError(endpoint); // mapped to timeout or cancellation by the caller
    };
    let read: { problem: JsonProblem } | { value: unknown };
    try {
      if (large) {
        read = await readJsonSliced(bytes, limits, SLICE_MS, stopIfCancelled, undefined, PARSE_WHOLE);
      } else {
        const problem = jsonProblem(bytes, limits);
        read = problem ? { problem } : { value: JSON.parse(bytes.toString('utf8')) };
      }
    } catch (e) {
      if (e instanceof ProviderError) throw e;
      const type = String(headers['content-type'] ?? '');
      const html = /html/i.test(type) || /^\s*</.test(bytes.subarray(0, 64).toString('utf8'));
      const message = html
        ? msg('The provider’s {0} endpoint answered with an HTML page instead of JSON.', endpoint)
        : msg('The provider’s {0} endpoint answered with text that is not JSON instead of JSON.', endpoint);
      throw new ProviderError('invalidResponse', message, { endpoint, status });
    }
    if ('problem' in read) throw new ProviderError('invalidResponse', beyondLimits(endpoint, label, read.problem, limits), { endpoint, status });
    if (large) {
      // The caller's validation runs after a turn of its own.
      await new Promise<void>((resolve) => setImmediate(resolve));
      stopIfCancelled();
    }
    return read.value;
  }

  private fromAxios(endpoint: Endpoint, e: unknown): ProviderError {
    const where = { endpoint };
    // Only called for a request's failure, so axios is loaded by now.
    if (axiosModule?.isCancel(e)) return cancelledError(endpoint);
    const code = axiosModule && e instanceof axiosModule.AxiosError ? e.code : (e as { code?: string } | undefined)?.code;
    const message = e instanceof Error ? e.message : '';
    switch (code) {
      case 'ETIMEDOUT':
      case 'ECONNABORTED':
        if (/maxContentLength/i.test(message)) break;
        return this.timedOut(endpoint);
      case 'ERR_CANCELED':
        return cancelledError(endpoint);
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return new ProviderError('network', msg('Could not find the provider’s host (DNS lookup failed). Check the base URL and your connection.'), where);
      case 'ECONNREFUSED':
        return new ProviderError('network', msg('The provider refused the connection (nothing is listening at the base URL).'), where);
      case 'ECONNRESET':
      case 'EPIPE':
      case 'ERR_STREAM_PREMATURE_CLOSE':
        return new ProviderError('network', msg('The connection to the provider was closed before the answer was complete.'), where);
      case 'EHOSTUNREACH':
      case 'ENETUNREACH':
      case 'ENETDOWN':
        return new ProviderError('network', msg('The provider cannot be reached from this network.'), where);
      case 'CERT_HAS_EXPIRED':
      case 'DEPTH_ZERO_SELF_SIGNED_CERT':
      case 'SELF_SIGNED_CERT_IN_CHAIN':
      case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
      case 'ERR_TLS_CERT_ALTNAME_INVALID':
        return new ProviderError('network', msg('The provider’s TLS certificate could not be verified.'), where);
      default:
        break;
    }
    if (/maxContentLength/i.test(message)) return this.tooLarge(endpoint);
    if (/aborted|socket hang up|premature/i.test(message)) {
      return new ProviderError('network', msg('The connection to the provider was closed before the answer was complete.'), where);
    }
    return new ProviderError(
      'network',
      code ? msg('The request to the provider failed ({0}).', code) : msg('The request to the provider failed (network error).'),
      where,
    );
  }
}

/** A POST's JSON body, or a GET's query. */
type Outgoing = { body: string } | { query: string };

/** Why a request's own AbortController aborted. */
const DEADLINE = Symbol('deadline');
const CALLER = Symbol('cancelled by the caller');
const DONE = Symbol('finished');

/** Why an answer was not parsed: what it holds that no answer to its request does. */
function beyondLimits(endpoint: Endpoint, label: string, problem: JsonProblem, limits: AnswerLimits): Message {
  switch (problem) {
    case 'depth':
      return msg(
        'The provider’s {0} endpoint answered with JSON nested more than {1} levels deep; no answer this explorer reads nests that deep.',
        endpoint,
        MAX_JSON_DEPTH,
      );
    case 'values':
      return msg('The provider’s answer to {0} holds more than {1} values; no answer to it holds that many.', label, limits.maxValues.toLocaleString('en-US'));
    case 'keys':
      return msg(
        'The provider’s answer to {0} has more than {1} distinct field names; no answer to it has that many.',
        label,
        (limits.maxKeys ?? MAX_JSON_KEYS).toLocaleString('en-US'),
      );
  }
}

/** Maps a non-2xx HTTP status to the taxonomy, with the provider's own words where they help. */
export function httpError(endpoint: Endpoint, status: number, body: string, retryAfterHeader?: unknown): ProviderError {
  const details = { endpoint, status };
  if (status === 401 || status === 403) {
    return new ProviderError('badKey', msg('The provider rejected the API key (HTTP {0}). Check it with “Hyperliquid: Set API Key”.', status), details);
  }
  if (status === 404) {
    return new ProviderError(
      'wrongPath',
      msg(
        'The provider has no {0} endpoint at this address (HTTP 404). Check the base URL setting: it should be the provider’s address without the key.',
        endpoint,
      ),
      details,
    );
  }
  if (status === 413) return new ProviderError('tooLarge', msg('The provider refused the request as too large (HTTP 413).'), details);
  if (status === 429) {
    const retryAfterSeconds = parseRetryAfter(retryAfterHeader);
    const message =
      retryAfterSeconds !== undefined
        ? msg('The provider is rate-limiting requests (HTTP 429). Try again in {0} s.', retryAfterSeconds)
        : msg('The provider is rate-limiting requests (HTTP 429). Try again shortly, or lower the request rate.');
    return new ProviderError('rateLimited', message, { ...details, retryAfterSeconds });
  }
  if (status === 422) {
    const text = bodyExcerpt(body);
    return new ProviderError(
      'refused',
      text ? msg('The provider refused the request (HTTP 422): {0}', text) : msg('The provider refused the request (HTTP 422).'),
      details,
    );
  }
  if (status >= 500) {
    return new ProviderError('server', msg('The provider had a server error (HTTP {0}). Try again in a moment.', status), details);
  }
  if (status >= 300 && status < 400) {
    return new ProviderError(
      'httpStatus',
      msg('The provider answered with a redirect (HTTP {0}), which is not followed. Check the base URL.', status),
      details,
    );
  }
  const text = bodyExcerpt(body);
  return new ProviderError(
    'httpStatus',
    text ? msg('The provider answered HTTP {0}: {1}', status, text) : msg('The provider answered HTTP {0}.', status),
    details,
  );
}

/** `Retry-After` as seconds: either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: unknown, now = Date.now()): number | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Math.min(Number(v), 86_400);
  const date = Date.parse(v);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.min(Math.ceil((date - now) / 1000), 86_400));
}

function formatSeconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelledError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelledError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
