// Words and small formatters the report page shares: section names, status labels, dates, counts.
import type { Severity } from '../../checks/types.js';
import { SECTION_LABELS } from '../../html/sections.js';


export function sectionName(section: string): string {
  return (SECTION_LABELS as Record<string, { name: string }>)[section]?.name ?? section;
}

const STATUS_LABELS: Record<string, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Completed',
  failed: 'Failed',
  blocked: 'Blocked',
  timeout: 'Timed out',
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

/** CSS class for a run status; unknown statuses get a neutral style rather than an injected class. */
export function statusClass(status: string): string {
  return status in STATUS_LABELS ? `status-${status}` : 'status-other';
}

export const SEVERITY_LABELS: Record<Severity, string> = {
  critical: 'Critical',
  warning: 'Warning',
  info: 'Info',
};

/** Fixed UTC rendering so the same report always renders the same bytes, wherever it is served. */
export function formatTimestamp(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())} UTC`;
}

/** "1 warning", "3 warnings". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "12.5 s" for a millisecond budget; whole numbers stay whole. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return String(ms);
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  return s >= 120 && s % 60 === 0 ? `${s / 60} min` : `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

/** `found_on` → "Found on": evidence keys read as labels. */
export function humanizeKey(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').trim();
  if (!words) return key;
  const spaced = words.replace(/\b(url|urls|ms|id|cls|lcp|fcp|ttfb|tbt|csp|html|dom|http|https)\b/gi, (w) =>
    w.toLowerCase() === 'urls' ? 'URLs' : w.toLowerCase() === 'ms' ? 'ms' : w.toUpperCase(),
  );
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The host of the audited URL, for titles; the raw string when it is not a URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
