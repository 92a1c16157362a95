// Works: telephone links that cannot ring the number they show: the link's number differs from the one in
// its text (`<a href="tel:01423 2035090">01423 203509</a>`: a digit too many), or the link holds no
// number at all (`tel:`, `tel:PHONE_NUMBER`). A visitor who taps it on a phone calls a wrong number, or nobody.
import { percentDecoded } from '../../evidence/url-identity.js';
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import { linkProblemFinding } from './support/link_problems.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';

export const meta: CheckMeta = {
  id: 'links.broken_phone',
  section: 'works',
  severity: 'warning',
  title: 'Telephone link that does not call the number it shows',
  impact: 'Visitors who tap the number on a phone call a wrong number or nobody: a booking or an enquiry lost, and a stranger called.',
  docs: '/docs/checks/links.broken_phone',
  requires: ['dom'],
  thresholds: { compared: 'the digits of the number in the link and of a number in its text (7 or more digits), the national trunk 0 and an international prefix (+, 00) aside', no_number: 'a tel: link with fewer than 3 digits' },
};

/** The digits of a number written for people, with "+" kept for the international prefix. */
function digitsOf(text: string): string {
  return text.replace(/^\s*00/, '+').replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
}

/**
 * Whether two numbers are the same line: equal digits, or one written with the country code and the
 * other nationally (+44 1423 203509 and 01423 203509: the national form's trunk 0 drops after the code).
 */
export function sameNumber(a: string, b: string): boolean {
  const x = digitsOf(a);
  const y = digitsOf(b);
  if (x.replace('+', '') === y.replace('+', '')) return true;
  const national = (n: string) => n.replace(/^0+/, '');
  const [intl, local] = x.startsWith('+') && !y.startsWith('+') ? [x, y] : y.startsWith('+') && !x.startsWith('+') ? [y, x] : [null, null];
  if (!intl || !local) return false;
  const rest = national(local);
  // The international form ends with the national number without its trunk 0, after a 1–3 digit country code.
  return rest.length >= 6 && intl.endsWith(rest) && intl.length - 1 - rest.length >= 1 && intl.length - 1 - rest.length <= 3;
}

/** Why the tel: link cannot call the number its text shows, or null. */
export function phoneProblem(href: string, text: string): string | null {
  const m = /^tel:(?:\/\/)?(.*)$/i.exec(href.trim());
  if (!m) return null;
  const number = percentDecoded(m[1]!.split(/[;?]/)[0]!);
  const linked = number.replace(/[^\d]/g, '');
  if (linked.length < 3) return `holds no number ("${href.slice(0, 60)}")`;
  // A number in the text, when there is one (7+ digits in a run of digits, spaces, dots, dashes, brackets).
  const shown = /(?:\+|00)?\d[\d\s().\-/]{5,}\d/.exec(text)?.[0];
  if (!shown || shown.replace(/\D/g, '').length < 7) return null;
  return sameNumber(number, shown) ? null : `calls ${number.trim()} but shows ${shown.trim()}`;
}

export function run(_evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  return linkProblemFinding(views, /^tel:/i, (l) => phoneProblem(l.href, l.text), (n, first) =>
    n === 1 ? `A telephone link ${first}` : `${n} telephone links do not call the number they show (first: ${first})`,
  );
}

export const check: Check = { meta, run };
