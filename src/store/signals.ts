// Wake-up signals between the parts of the service that share one database: on Postgres through
// LISTEN/NOTIFY (every process on the same schema hears them), on SQLite within this process.
// A signal is a hint ("run X has new events", "a run was queued"); receivers re-read rows, so a lost
// or duplicated signal costs latency, never correctness.
import type { Kysely } from 'kysely';

export interface Signals {
  /** Sends `payload` to every listener of `topic`. On Postgres, pass the transaction to send on commit. */
  notify(topic: string, payload: string, executor?: Kysely<any>): Promise<void>;
  /** Several signals at once (one statement on Postgres). */
  notifyAll(messages: ReadonlyArray<readonly [topic: string, payload: string]>, executor?: Kysely<any>): Promise<void>;
  listen(topic: string, handler: (payload: string) => void): () => void;
  /** Called after the Postgres listening session was lost and re-established: signals may have been missed. */
  onReconnect(hook: () => void): () => void;
  /** Resolves once every topic listened to so far receives signals from other processes. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

type Handler = (payload: string) => void;

export abstract class SignalsBase {
  protected handlers = new Map<string, Set<Handler>>();
  protected reconnectHooks = new Set<() => void>();

  listen(topic: string, handler: Handler): () => void {
    let set = this.handlers.get(topic);
    if (!set) this.handlers.set(topic, (set = new Set()));
    set.add(handler);
    this.started();
    return () => void set.delete(handler);
  }

  onReconnect(hook: () => void): () => void {
    this.reconnectHooks.add(hook);
    return () => void this.reconnectHooks.delete(hook);
  }

  protected started(): void {}

  dispatch(topic: string, payload: string): void {
    for (const handler of [...(this.handlers.get(topic) ?? [])]) {
      try {
        handler(payload);
      } catch {
        // One broken listener must not starve the others.
      }
    }
  }
}

/** Store instances of this process per SQLite file, so they hear each other's signals. */
const sqlitePeers = new Map<string, Set<LocalSignals>>();

/**
 * SQLite has no cross-process channel: signals reach the Store instances of this process on the same
 * file (an in-memory database is private to its instance); other processes fall back to polling.
 */
export class LocalSignals extends SignalsBase implements Signals {
  readonly #peers: Set<LocalSignals>;

  constructor(private readonly file: string | null) {
    super();
    const shared = file && file !== ':memory:' ? sqlitePeers.get(file) : undefined;
    this.#peers = shared ?? new Set();
    if (file && file !== ':memory:' && !shared) sqlitePeers.set(file, this.#peers);
    this.#peers.add(this);
  }

  async notify(topic: string, payload: string): Promise<void> {
    await this.notifyAll([[topic, payload]]);
  }

  async notifyAll(messages: ReadonlyArray<readonly [topic: string, payload: string]>): Promise<void> {
    for (const [topic, payload] of messages) {
      for (const peer of this.#peers) queueMicrotask(() => peer.dispatch(topic, payload));
    }
  }

  async ready(): Promise<void> {}

  async close(): Promise<void> {
    this.handlers.clear();
    this.#peers.delete(this);
    if (this.#peers.size === 0 && this.file && sqlitePeers.get(this.file) === this.#peers) sqlitePeers.delete(this.file);
  }
}
