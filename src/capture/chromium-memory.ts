// Memory of this process's Chromium: PSS (proportional set size, so shared pages are not counted
// twice) summed over every chromium process below this one. Linux /proc; 0 where it is missing.
import { readdirSync, readFileSync } from 'node:fs';

/** PSS in MB of every chromium process descending from `root` (default: this process). */
export function chromiumPssMb(root = process.pid): number {
  const kids = childrenByParent();
  let totalKb = 0;
  const stack = [...(kids.get(root) ?? [])];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    if (/chrom/i.test(read(`/proc/${pid}/comm`))) totalKb += Number(/^Pss:\s+(\d+) kB/m.exec(read(`/proc/${pid}/smaps_rollup`))?.[1] ?? 0);
    stack.push(...(kids.get(pid) ?? []));
  }
  return Math.round(totalKb / 1024);
}

function childrenByParent(): Map<number, number[]> {
  const map = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return map;
  }
  for (const d of entries) {
    if (!/^\d+$/.test(d)) continue;
    const stat = read(`/proc/${d}/stat`);
    if (!stat) continue;
    // The command name may contain spaces and parentheses: fields resume after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    map.set(ppid, [...(map.get(ppid) ?? []), Number(d)]);
  }
  return map;
}

function read(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return ''; // the process exited meanwhile
  }
}
