// The run's page slots: a counting semaphore shared by the crawl and its side work (the consent
// matrix's loads) so that never more than `page concurrency` pages are open at once. Side work holds
// at most one slot: the crawl keeps the rest, so the second page of an audit does not wait behind
// the consent loads, and the browser holds one extra context at a time, not two (measured: 340
// instead of 400 MB at 4 pages, at the same wall time; docs/benchmarks.md). A freed slot goes to
// waiting side work when none is running, else to the crawl, first come first served.
export interface SlotUse {
  /** Work beside the crawl, held to its share of the slots. */
  side?: boolean;
}

interface Waiter {
  side: boolean;
  go: () => void;
}

export class Slots {
  private free: number;
  private sideBusy = 0;
  private readonly sideCap: number;
  private readonly waiting: Waiter[] = [];

  constructor(size: number) {
    this.free = Math.max(1, size);
    this.sideCap = 1;
  }

  async use<T>(work: () => Promise<T>, opts: SlotUse = {}): Promise<T> {
    const side = opts.side ?? false;
    if (this.free > 0 && (!side || this.sideBusy < this.sideCap)) this.take(side);
    else await new Promise<void>((go) => this.waiting.push({ side, go }));
    try {
      return await work();
    } finally {
      this.free++;
      if (side) this.sideBusy--;
      this.admit();
    }
  }

  private take(side: boolean): void {
    this.free--;
    if (side) this.sideBusy++;
  }

  private admit(): void {
    while (this.free > 0 && this.waiting.length > 0) {
      const underShare = this.sideBusy < this.sideCap;
      const i = underShare ? Math.max(0, this.waiting.findIndex((w) => w.side)) : this.waiting.findIndex((w) => !w.side);
      if (i < 0) return;
      const [next] = this.waiting.splice(i, 1);
      this.take(next!.side);
      next!.go();
    }
  }
}
