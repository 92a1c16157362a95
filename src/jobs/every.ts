// A periodic tick that never overlaps itself and stops cleanly: the job loop and the monitor
// scheduler both run on it.
export interface Ticker {
  /** Stops ticking and waits for a tick in progress to finish. */
  stop(): Promise<void>;
}

export function every(intervalMs: number, tick: () => Promise<unknown>, onError: (err: unknown) => void): Ticker {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(() => (stopped ? null : tick())).catch(onError);
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
