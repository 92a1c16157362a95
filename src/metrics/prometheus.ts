// Renders metric families in the Prometheus text exposition format (version 0.0.4). Pure: the
// collector gathers numbers, this only writes them, so the format is tested on its own.

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export type Labels = Record<string, string>;

export type MetricFamily =
  | { name: string; help: string; type: 'gauge' | 'counter'; samples: { labels?: Labels; value: number }[] }
  | { name: string; help: string; type: 'histogram'; buckets: { le: number; count: number }[]; sum: number; count: number };

export function renderMetrics(families: MetricFamily[]): string {
  const lines: string[] = [];
  for (const f of families) {
    lines.push(`# HELP ${f.name} ${escapeHelp(f.help)}`, `# TYPE ${f.name} ${f.type}`);
    if (f.type === 'histogram') {
      // Buckets are cumulative and end with +Inf, which always equals the count.
      const sorted = [...f.buckets].sort((a, b) => a.le - b.le);
      for (const b of sorted) lines.push(`${f.name}_bucket${labelText({ le: formatNumber(b.le) })} ${formatNumber(b.count)}`);
      lines.push(`${f.name}_bucket{le="+Inf"} ${formatNumber(f.count)}`);
      lines.push(`${f.name}_sum ${formatNumber(f.sum)}`, `${f.name}_count ${formatNumber(f.count)}`);
    } else {
      for (const s of f.samples) lines.push(`${f.name}${labelText(s.labels ?? {})} ${formatNumber(s.value)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function labelText(labels: Labels): string {
  const entries = Object.entries(labels);
  if (entries.length === 0) return '';
  return `{${entries.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}`;
}

function formatNumber(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return '+Inf';
  if (n === -Infinity) return '-Inf';
  return String(n);
}

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const escapeHelp = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
