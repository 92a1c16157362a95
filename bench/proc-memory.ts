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

function pssKb(pid: number): number {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

function commOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** PSS in MB of every chromium process below `root` (default: this process). */
export function browserPssMb(root = process.pid): number {
  const kids = children();
  let total = 0;
  const stack = [...(kids.get(root) ?? [])];
  while (stack.length) {
    const pid = stack.pop()!;
    if (/chrom/i.test(commOf(pid))) total += pssKb(pid);
    stack.push(...(kids.get(pid) ?? []));
  }
  return Math.round(total / 1024);
}

export function samplePeak(intervalMs = 250): { stop(): number } {
  let peak = 0;
  const t = setInterval(() => {
    peak = Math.max(peak, browserPssMb());
  }, intervalMs);
  return {
    stop() {
      clearInterval(t);
      return Math.max(peak, browserPssMb());
    },
  };
}
