/**
 * The one redaction point. The API key is a path segment of every request URL, so the key and any
 * URL that carries it are secrets. Every error message, log line and string shown to the user passes
 * through `redact` before it leaves the core or the logger.
 */
const secrets = new Set<string>();

/**
 * The forms a secret can take in text: as is, URL-encoded (either hex case), as `encodeURI` leaves it,
 * and inside a JSON string (an error body that echoes the key, serialised again).
 */
function forms(secret: string): string[] {
  const encoded = encodeURIComponent(secret);
  const lowerHex = encoded.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase());
  return [...new Set([secret, encoded, lowerHex, encodeURI(secret), JSON.stringify(secret).slice(1, -1)])];
}

/** Remembers a secret (the API key) so that `redact` removes it from any text, in any encoding. */
export function registerSecret(secret: string): void {
  if (secret.length >= 4) for (const f of forms(secret)) secrets.add(f);
}

/** Forgets a secret once it is no longer in use (after Clear API Key). */
export function forgetSecret(secret: string): void {
  for (const f of forms(secret)) secrets.delete(f);
}

export const REDACTED = '[redacted]';

/** Stands for a secret between the two passes; no URL pattern stops at it, and no text holds it. */
const MARK = '\u{F8FF}\u{F8FE}';

/**
 * Removes every registered secret and every http(s) URL from `text`. URLs go entirely, not just the key
 * inside them: a provider may put the key in a subdomain or query, and a user never needs the full URL.
 *
 * Secrets go first: a key may hold characters that URLs keep as they are (`'`, `(`, `)`, `!`, `*`, `~`)
 * and at which a URL pattern in prose would stop, leaving the key's tail behind.
 */
export function redact(text: string): string {
  let out = text;
  if (out.includes(MARK)) out = out.split(MARK).join('');
  // Longest first, so that a secret holding another is removed whole.
  for (const s of [...secrets].sort((a, b) => b.length - a.length)) {
    if (out.includes(s)) out = out.split(s).join(MARK);
  }
  // A URL runs to whitespace, a double quote, a backtick or an angle bracket (all of which
  // encodeURIComponent encodes): whatever a key's path segment holds is swallowed with the URL, so even a
  // key not registered here cannot leave its tail behind.
  out = out.replace(/\b(?:https?|wss?):\/\/[^\s"<>`]+/gi, (url) => {
    const authority = url.slice(url.indexOf('//') + 2).split(/[/?#\\]/, 1)[0] ?? '';
    if (authority.includes(MARK)) return REDACTED; // the key was in the host name
    try {
      const u = new URL(url);
      return `${u.protocol}//${u.host}/${REDACTED}`;
    } catch {
      return REDACTED;
    }
  });
  return out.split(MARK).join(REDACTED);
}
