/**
 * The one redaction point. The API key is a path segment of every request URL, so the key and any
 * URL that carries it are secrets. Every error message, log line and string shown to the user passes
 * through `redact` before it leaves the core or the logger.
 */
const secrets = new Set<string>();

/** Remembers a secret (the API key) so that `redact` removes it from any text, in any encoding. */
export function registerSecret(secret: string): void {
  if (secret.length >= 4) {
    secrets.add(secret);
    secrets.add(encodeURIComponent(secret));
  }
}

/** Forgets a secret once it is no longer in use (after Clear API Key). */
export function forgetSecret(secret: string): void {
  secrets.delete(secret);
  secrets.delete(encodeURIComponent(secret));
}

export const REDACTED = '[redacted]';

/**
 * Removes every registered secret and every http(s) URL from `text`. URLs go entirely, not just the key
 * inside them: a provider may put the key in a subdomain or query, and a user never needs the full URL.
 */
export function redact(text: string): string {
  // URLs first (whole), then any secret left elsewhere in the text.
  let out = text.replace(/\bhttps?:\/\/[^\s"'<>)\]]+/gi, (url) => {
    try {
      const u = new URL(url);
      return `${u.protocol}//${u.host}/${REDACTED}`;
    } catch {
      return REDACTED;
    }
  });
  for (const s of secrets) {
    if (out.includes(s)) out = out.split(s).join(REDACTED);
  }
  return out;
}
