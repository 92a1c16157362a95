// Email address validation for owner emails and report subscriptions: one plain mailbox, the
// shape mail servers accept in practice (RFC 5321 lengths, a dotted domain), no display names or lists.

const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;

/** The address trimmed with its domain lower-cased, or null when it is not one valid mailbox. */
export function normalizeEmail(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  if (value.length > 254) return null;
  const at = value.lastIndexOf('@');
  if (at <= 0 || at !== value.indexOf('@')) return null;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1).toLowerCase();
  if (local.length > 64 || !LOCAL.test(local)) return null;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  if (/^[0-9]+$/.test(labels.at(-1)!)) return null; // a bare IP is not a mail domain here
  return `${local}@${domain}`;
}
