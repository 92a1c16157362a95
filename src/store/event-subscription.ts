// One subscriber's view of a run's event stream: delivers each event once, in id order, whether it
// arrives directly from an append in this process or as a signal from another process.

export interface RunEvent {
  /** Per-run sequence from 1. */
  id: number;
  run_id: string;
  type: string;
  data: Record<string, unknown>;
  created_at: string;
}

export type RunEventListener = (event: RunEvent) => void;

export interface EventSource {
  list(runId: string, afterId: number): Promise<RunEvent[]>;
  /** Resolves once signals from other processes reach this one. */
  ready(): Promise<void>;
}

/**
 * Work is chained so deliveries never overlap or reorder. Ids are committed in order (appends to
 * one run are serialized), so when event N is known to exist every event below N is readable too:
 * a gap is filled by reading the table after the last delivered id.
 */
export class EventSubscription {
  /** Highest id delivered; undefined until the starting point is known (live-only subscriptions). */
  #last: number | undefined;
  #chain: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(
    readonly runId: string,
    private readonly listener: RunEventListener,
    private readonly source: EventSource,
    afterId?: number,
  ) {
    this.#enqueue(async () => {
      // Listen first, then read: anything committed after the read arrives as a signal.
      await source.ready().catch(() => {});
      if (afterId !== undefined) {
        this.#last = afterId;
        await this.#catchUp();
      }
    });
  }

  /** An event appended in this process. */
  offer(event: RunEvent): void {
    this.#enqueue(async () => {
      if (this.#last === undefined || event.id === this.#last + 1) this.#deliver(event);
      else if (event.id > this.#last) await this.#catchUp();
    });
  }

  /** Another process (or this one, echoed) appended event `id`. */
  hint(id: number): void {
    this.#enqueue(async () => {
      if (this.#last === undefined) this.#last = id - 1;
      if (id > this.#last) await this.#catchUp();
    });
  }

  /** Signals may have been lost (listening session reconnected): re-read from the last delivered id. */
  resync(): void {
    this.#enqueue(async () => {
      if (this.#last !== undefined) await this.#catchUp();
    });
  }

  close(): void {
    this.#closed = true;
  }

  async #catchUp(): Promise<void> {
    const rows = await this.source.list(this.runId, this.#last ?? 0);
    for (const e of rows) if (this.#last === undefined || e.id > this.#last) this.#deliver(e);
  }

  #deliver(event: RunEvent): void {
    if (this.#closed) return;
    this.#last = event.id;
    try {
      this.listener(event);
    } catch {
      // A failing listener (a closed SSE socket) must not stop the chain for later events.
    }
  }

  #enqueue(step: () => Promise<void>): void {
    // A failed read leaves #last where it was; the next offer or hint retries from there.
    this.#chain = this.#chain.then(() => (this.#closed ? undefined : step())).catch(() => {});
  }
}
