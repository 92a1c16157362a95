// The error a guarded fetch throws when the guard refuses a hop (as opposed to a network failure).

export class GuardError extends Error {
  override name = 'GuardError';
  /** Why the guard refused, as a sentence (same text as UrlVerdict.reason). */
  readonly reason: string;
  /** The URL that was refused: the first one, or the redirect target that was. */
  readonly url: string;

  constructor(url: string, reason: string) {
    super(`refused ${url}: ${reason}`);
    this.reason = reason;
    this.url = url;
  }
}
