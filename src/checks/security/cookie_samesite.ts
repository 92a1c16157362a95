// Compliant: SameSite mistakes on server-set cookies: None without Secure (browsers drop the cookie),
// invalid values, and session cookies with no SameSite at all.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft, Severity } from '../types.js';
import { capped, plural } from './support/documents.js';
import { isSessionLike, siteCookies, type SeenCookie } from './support/set-cookie.js';

export const meta: CheckMeta = {
  id: 'security.cookie_samesite',
  section: 'compliant',
  severity: 'warning',
  title: 'Cookies have a broken or missing SameSite attribute',
  impact: 'Browsers reject SameSite=None cookies without Secure, and session cookies without SameSite are sent with cross-site requests (CSRF).',
  docs: '/docs/checks/security.cookie_samesite',
  requires: ['headers', 'requests'],
  thresholds: { observatory_invalid_samesite: -20 },
};

function problemOf(c: SeenCookie): { problem: string; severity: Severity } | null {
  if (c.sameSite === null) {
    // Chrome treats a missing SameSite as Lax; Firefox and Safari do not, so session cookies stay exposed there.
    return isSessionLike(c.name) ? { problem: 'session cookie without SameSite', severity: 'info' } : null;
  }
  if (!['strict', 'lax', 'none'].includes(c.sameSite)) return { problem: `invalid SameSite=${c.sameSite}`, severity: 'warning' };
  if (c.sameSite === 'none' && !c.secure) return { problem: 'SameSite=None without Secure: rejected by browsers', severity: 'warning' };
  return null;
}

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const flagged = siteCookies(evidence, views)
    .map((c) => ({ c, p: problemOf(c) }))
    .filter((x): x is { c: SeenCookie; p: { problem: string; severity: Severity } } => x.p !== null);
  if (!flagged.length) return [];
  const severity: Severity = flagged.some((f) => f.p.severity === 'warning') ? 'warning' : 'info';
  return [
    {
      page: flagged.length === 1 && flagged[0]!.c.pages.length === 1 ? flagged[0]!.c.pages[0] : undefined,
      severity,
      title: `SameSite problems on ${plural(flagged.length, 'cookie')}: ${flagged.slice(0, 3).map((f) => f.c.name).join(', ')}${flagged.length > 3 ? ', …' : ''}`,
      evidence: {
        ...capped('cookies', flagged.map(({ c, p }) => ({ name: c.name, problem: p.problem, set_by: c.url, set_cookie: c.header, pages: c.pages.length }))),
      },
    },
  ];
}

export const check: Check = { meta, run };
