// A finding's fingerprint: what it is about, not when it was seen — its check, the page's path and
// its title with the numbers taken out ("3 images without alt" and "4 images without alt" on one
// page are one problem that grew). A finding about several pages at once ("3 pages without a
// canonical URL") is about the site: its first page is no part of it. A check whose subject has numbers
// of its own (the id `footnote-2`) names it outright, so `footnote-3` stays another finding. Runs of a
// monitor compare by it.
import { createHash } from 'node:crypto';

export function fingerprintOf(checkId: string, pagePath: string, title: string, named?: string): string {
  // Numbers out, and the plural a number brings with it ("1 page" / "3 pages"); a named subject as it is,
  // marked apart from titles.
  const subject = named !== undefined ? `=${named}` : title.replace(/\d+(?:[.,]\d+)*/g, '#').replace(/\(s\)/g, '').replace(/# (\w+?)s\b/g, '# $1');
  return createHash('sha256').update(`${checkId}\n${pagePath}\n${subject}`).digest('hex').slice(0, 16);
}
