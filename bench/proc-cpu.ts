// Where an audit's CPU goes: the CPU seconds of this process and of every Chromium process it
// started, by Chromium process type (browser, renderer, GPU, utilities), read from /proc at the
// start and at the end. A page's renderer exits when the page closes: its time then moves to its
// parent's count of waited-for children (cutime + cstime), counted as "exited renderers". On a
// 2-core machine, total ÷ 2 is the floor under the audit's wall time: below it only less work helps.
import { readFileSync, readdirSync } from 'node:fs';

const TICKS_PER_S = 100;

interface ProcCpu {
  type: string;
  seconds: number;
  /** CPU seconds of its children that exited and were waited for. */
  reaped: number;
}

function cpuSeconds(stat: string): { seconds: number; reaped: number } {
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { seconds: (Number(f[11]) + Number(f[12])) / TICKS_PER_S, reaped: (Number(f[13]) + Number(f[14])) / TICKS_PER_S };
}

/** Child pids of a process, from every one of its threads (Chromium starts children off its main thread). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        for (const c of readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ')) if (c) out.push(Number(c));
      } catch {
        /* thread exited */
      }
    }
  } catch {
    /* process exited */
  }
  return out;
}

const typeCache = new Map<number, string | null>();

/** The Chromium process type of a pid (browser, renderer, gpu-process, utility:<service>), null when not Chromium. */
function chromiumType(pid: number): string | null {
  if (typeCache.has(pid)) return typeCache.get(pid)!;
  let type: string | null = null;
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (/chrom/i.test(cmd.split(/[\0 ]/)[0] ?? '')) {
      const sub = /--utility-sub-type=([\w.]+)/.exec(cmd)?.[1]?.split('.').pop();
      const t = /--type=([\w-]+)/.exec(cmd)?.[1] ?? 'browser';
      type = sub ? `utility:${sub}` : t;
    }
  } catch {
    return null;
  }
  typeCache.set(pid, type);
  return type;
}

/** Every Chromium process below this process, with its type and CPU seconds so far. */
function chromiumProcesses(): Map<number, ProcCpu> {
  const out = new Map<number, ProcCpu>();
  const stack = childrenOf(process.pid);
  while (stack.length) {
    const pid = stack.pop()!;
    const type = chromiumType(pid);
    if (type) {
      try {
        out.set(pid, { type, ...cpuSeconds(readFileSync(`/proc/${pid}/stat`, 'utf8')) });
      } catch {
        continue;
      }
    }
    stack.push(...childrenOf(pid));
  }
  return out;
}

export interface CpuBreakdown {
  /** CPU seconds of this process (the service, its worker and the fixture servers). */
  node: number;
  /** CPU seconds by Chromium process type. */
  chromium: Record<string, number>;
  total: number;
}

/** Two readings, at the start and at stop(): nothing runs in between, so the audit is not slowed. */
export function sampleCpu(): { stop(): CpuBreakdown } {
  const base = chromiumProcesses();
  const node0 = process.cpuUsage();
  return {
    stop() {
      // Processes alive now are counted by their own time; those that exited are in their parent's
      // count of waited-for children (counting their last sample too would count them twice).
      const alive = chromiumProcesses();
      const chromium: Record<string, number> = {};
      for (const [pid, p] of alive) {
        chromium[p.type] = (chromium[p.type] ?? 0) + p.seconds - (base.get(pid)?.seconds ?? 0);
        const reaped = p.reaped - (base.get(pid)?.reaped ?? 0);
        if (reaped > 0) chromium['exited renderers'] = (chromium['exited renderers'] ?? 0) + reaped;
      }
      const n = process.cpuUsage(node0);
      const node = (n.user + n.system) / 1e6;
      return { node, chromium, total: node + Object.values(chromium).reduce((a, b) => a + b, 0) };
    },
  };
}

export function describeCpu(c: CpuBreakdown, runs: number, cores: number): string {
  const per = (x: number) => `${(x / runs).toFixed(2)} s`;
  const parts = Object.entries(c.chromium).sort((a, b) => b[1] - a[1]).filter(([, s]) => s / runs >= 0.01).map(([k, s]) => `${k} ${per(s)}`);
  return `CPU per audit ${per(c.total)} (Chromium: ${parts.join(', ')}; node, service + fixture server: ${per(c.node)}) → ${per(c.total / cores)} on ${cores} cores is the floor under the wall time`;
}
