/**
 * Says each thing once: a refusal or a failure that every refresh meets again reaches the log the first
 * time only. Keys are few (a request type and what befell it), so what is kept stays small.
 */
export class OnceNotes {
  private readonly said = new Set<string>();

  constructor(private readonly note: ((message: string) => void) | undefined) {}

  /** Says `message` unless something was said under `key` already. */
  say(key: string, message: string): void {
    if (this.said.has(key)) return;
    this.said.add(key);
    this.note?.(message);
  }
}
