// A finding's fingerprint: what it is about, not when it was seen — its check, the page's path and
// its title with the numbers taken out ("3 images without alt" and "4 images without alt" on one
// page are one problem that grew). Runs of a monitor compare findings by it.
import { createHash } from 'node:crypto';

export function fingerprintOf(checkId: string, pagePath: string, title: string): string {
  const subject = title.replace(/\d+(?:[.,]\d+)*/g, '#');
  return createHash('sha256').update(`${checkId}\n${pagePath}\n${subject}`).digest('hex').slice(0, 16);
}
