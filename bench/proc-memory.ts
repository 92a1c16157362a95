// Peak memory of this process's Chromium: sums PSS (proportional set size, from
// /proc/<pid>/smaps_rollup) over every descendant process, sampled on an interval.
import { readFileSync, readdirSync } from 'node:fs';

function children(): Map<number, number[]> {
  const map = new Map<number, number[]>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      map.set(ppid, [...(map.get(ppid) ?? []), Number(d)]);
    } catch {
      /* exited */
    }
  }
  return map;
}

/** PSS and its private part (anonymous + shared memory: heaps, not the binary mapped from disk), kB. */
function pssKb(pid: number): { pss: number; anon: number } {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0);
    return { pss: field('Pss'), anon: field('Pss_Anon') + field('Pss_Shmem') };
  } catch {
    return { pss: 0, anon: 0 };
  }
}

function commOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

export interface BrowserMemory {
  /** PSS in MB: includes Chromium's binary and libraries mapped from disk (page cache, reclaimable). */
  pss: number;
  /** Anonymous + shared-memory PSS in MB: heaps and buffers, what the browser really holds. */
  anon: number;
}

/** Memory of every chromium process below `root` (default: this process). */
export function browserMemory(root = process.pid): BrowserMemory {
  const kids = children();
  const total = { pss: 0, anon: 0 };
  const stack = [...(kids.get(root) ?? [])];
  while (stack.length) {
    const pid = stack.pop()!;
    if (/chrom/i.test(commOf(pid))) {
      const m = pssKb(pid);
      total.pss += m.pss;
      total.anon += m.anon;
    }
    stack.push(...(kids.get(pid) ?? []));
  }
  return { pss: Math.round(total.pss / 1024), anon: Math.round(total.anon / 1024) };
}

/** Samples browserMemory until stopped; both figures are peaks (not necessarily at the same moment). */
export function samplePeak(intervalMs = 250): { stop(): BrowserMemory } {
  const peak = { pss: 0, anon: 0 };
  const sample = () => {
    const m = browserMemory();
    peak.pss = Math.max(peak.pss, m.pss);
    peak.anon = Math.max(peak.anon, m.anon);
  };
  const t = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(t);
      sample();
      return { ...peak };
    },
  };
}

export const describeMemory = (m: BrowserMemory) => `PSS ${m.pss} MB (anonymous + shared memory ${m.anon} MB; the rest is Chromium's binary mapped from disk)`;
