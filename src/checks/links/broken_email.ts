// Works: e-mail links whose address cannot receive mail: malformed (`mailto:info@moulin.fr/`, a space, no
// "@", no domain) or a template's placeholder (`mailto:you@example.com`, `mailto:YOUR_EMAIL`). The visitor's
// mail program opens with that address, and the message bounces or never leaves.
import type { EvidenceBundle } from '../../evidence/types.js';
import { hostnameOf, type EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { linkProblemFinding } from './support/link_problems.js';
import { isCapitalPlaceholder, RESERVED_HOST } from './support/placeholder_url.js';

export const meta: CheckMeta = {
  id: 'links.broken_email',
  section: 'works',
  severity: 'warning',
  title: 'E-mail link with an address that cannot receive mail',
  impact: "Visitors who write to the site through the link get a bounce, or a message that never leaves their outbox: the enquiry is lost and nobody knows.",
  docs: '/docs/checks/links.broken_email',
  requires: ['dom'],
  thresholds: { format: 'RFC 6068 mailto: one or more addresses, each local@domain with a dotted domain (or none: mailto:?subject=…)', placeholders: 'domains reserved for examples (RFC 2606), capitals such as YOUR_EMAIL' },
};

/**
 * An address as mail programs accept one: a local part, "@", a host name with a dot and a letter-only top
 * level; international names (RFC 6531: `accueil@moulin-gouré.fr`, `xn--` labels) included.
 */
const ADDRESS = /^[^\s@<>()[\]\\,;:"]+@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+(?:\p{L}{2,63}|xn--[a-z0-9-]+)$/iu;

/** Why the mailto: link cannot reach anyone, or null when every address it names can. */
export function emailProblem(href: string): string | null {
  const m = /^mailto:([^?#]*)/i.exec(href.trim());
  if (!m) return null;
  let to = m[1]!;
  try {
    to = decodeURIComponent(to);
  } catch {
    return 'is not decodable';
  }
  // No recipient (mailto:?subject=…) opens a new message for the visitor to address: nothing wrong.
  // Several are separated by commas (RFC 6068), or by semicolons as Outlook writes them.
  const addresses = to.split(/[,;]/).map((a) => a.trim()).filter(Boolean);
  for (const address of addresses) {
    if (isCapitalPlaceholder(address)) return `is a template's placeholder (${address})`;
    const domain = address.slice(address.lastIndexOf('@') + 1);
    if (address.includes('@') && RESERVED_HOST.test(domain)) return `is at a domain reserved for examples (${domain})`;
    if (ADDRESS.test(address)) continue;
    if (/[/\\]$/.test(address)) return `ends in "${address.slice(-1)}" (${address})`;
    if (/\s/.test(address)) return `contains a space (${address})`;
    if (!address.includes('@')) return `has no "@" (${address})`;
    return `is not an e-mail address (${address})`;
  }
  return null;
}

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  // A site that itself lives on a name reserved for examples (a staging `acme.test`) writes its own addresses there.
  const onReservedName = RESERVED_HOST.test(hostnameOf(evidence.site.origin));
  return linkProblemFinding(
    views,
    /^mailto:/i,
    (l) => {
      const problem = emailProblem(l.href);
      return problem && !(onReservedName && problem.startsWith('is at a domain reserved')) ? problem : null;
    },
    (n, first) => (n === 1 ? `An e-mail link's address ${first}` : `${n} e-mail links' addresses cannot receive mail (first: ${first})`),
  );
}

export const check: Check = { meta, run };
