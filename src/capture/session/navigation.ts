// How a navigation is judged stuck, and how its failure reads in the evidence.
import { CUT_BY_DEADLINE } from '../../evidence/navigation-outcome.js';
import type { Page } from 'playwright-core';
import type { NetworkLog } from '../network-log.js';
import { within } from '../time.js';

/**
 * A renderer stuck in a busy loop or a dialog storm never fires DOMContentLoaded; waiting for the
 * navigation timeout wastes the run's budget. Once the document has arrived, probe the main
 * thread every 2 s from 4 s on: two probes without an answer end the navigation early.
 */
export function unresponsiveWatchdog(page: Page, net: NetworkLog): { tripped: Promise<never>; stop(): void } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tripped = new Promise<never>((_, reject) => {
    let misses = 0;
    const tick = async () => {
      if (stopped) return;
      const doc = net.mainDocument();
      if (doc?.record.status != null) {
        const alive = await within(page.evaluate('1').then(() => true), 1000, false);
        misses = alive ? 0 : misses + 1;
        if (misses >= 2) return reject(new Error('page unresponsive: its main thread stopped answering during load'));
      }
      if (!stopped) timer = setTimeout(tick, 2000);
    };
    timer = setTimeout(tick, 4000);
  });
  tripped.catch(() => {});
  return {
    tripped,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}


/**
 * `cutByDeadline`: the time the navigation was allowed was the run's remainder, less than a navigation's
 * own limit: a timeout then says nothing of the site.
 */
export function describeNavError(err: unknown, cutByDeadline = false): string {
  const msg = (err as Error)?.message ?? String(err);
  const net = /net::ERR_[A-Z_]+/.exec(msg);
  if (net) return net[0];
  if (/page unresponsive/.test(msg)) return msg.split('\n')[0]!;
  if (/timed out|Timeout|no time left/i.test(msg)) return cutByDeadline ? CUT_BY_DEADLINE : 'navigation timed out';
  return msg.split('\n')[0]!.slice(0, 300);
}
