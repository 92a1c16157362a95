// Works: internal links that lead to missing pages (4xx), failing servers or hosts that do not answer:
// from crawled pages reached by a link, and from the link checks of links the crawl did not follow.
import { copyHostKind, mirroredProduction, onCopy } from '../../evidence/copy-host.js';
import { isScriptValueHref } from '../../evidence/script-value-href.js';
import type { EvidenceBundle } from '../../evidence/types.js';
import { urlIdentity } from '../../evidence/url-identity.js';
import { hostOf, pathOf } from '../../evidence/views.js';
import { isBrokenLinkPage } from '../http/support/broken_link_page.js';
import { listed, normalizeUrl } from '../http/support/lists.js';
import { failureKind, guardedHosts, hostnameOf, isOwnFailure, isRedirectLoopError, netErrorCode } from '../http/support/net_errors.js';
import type { Check, CheckMeta, FindingDraft, Severity } from '../types.js';

/** The link checker's own per-URL time limit; see src/capture/site-probe.ts. */
const FULL_WAIT_MS = 5000;

export const meta: CheckMeta = {
  id: 'links.broken_internal',
  section: 'works',
  severity: 'warning',
  title: 'Broken internal link',
  impact: 'Visitors who click the link hit an error page, and search engines waste crawl budget on a dead end.',
  docs: '/docs/checks/links.broken_internal',
  requires: ['pages', 'headers', 'link_checks'],
  // DOM facts name every page that links to a broken target (the crawl and the link checker keep only a few).
  optional: ['requests', 'dom'],
  thresholds: { one_finding_per: 'broken target URL (its identity)', linking_pages_listed: 20, broken_from_status: 400, restricted_401_403: 'info', timeout_full_wait_ms: FULL_WAIT_MS, shorter_timeout: 'info', rate_limited_429: 'skipped' },
};

/** Milliseconds waited, from "timed out after N ms"; 0 when the text does not say. */
function waitedMs(error: string): number {
  const m = /(\d+)\s*ms/.exec(error);
  return m ? Number(m[1]) : 0;
}

interface Target { url: string; status: number | null; error: string | null; method: string | null; final_url: string | null; found_on: string[]; source: 'crawl' | 'link_check' }

interface Broken { t: Target; key: string; severity: Severity; pages: string[] }

/** Severity of one link target, or null when it is not a broken link (or not this check's to report). */
function judge(t: Target): Severity | null {
  if (t.error) {
    // Loops are http.redirect_loop's; refusals by our own guard are our policy, not the site's defect.
    if (isRedirectLoopError(t.error) || isOwnFailure(t.error)) return null;
    // No answer within the checker's full 5 s is broken for a visitor too; a shorter wait (cut by the
    // run deadline) is weak evidence, so it is only noted.
    if (failureKind(t.error) === 'timeout') return waitedMs(t.error) >= FULL_WAIT_MS ? 'warning' : 'info';
    return 'warning';
  }
  if (t.status === null || t.status < 400 || t.status === 429) return null;
  // Servers that do not implement HEAD answer 405/501 to it; only a GET answer says the page is gone.
  if (t.method === 'HEAD' && (t.status === 405 || t.status === 501)) return null;
  // 401/403 usually mean "log in first" or a bot gate in front of a working page.
  return t.status === 401 || t.status === 403 ? 'info' : 'warning';
}

function targets(evidence: EvidenceBundle): Target[] {
  // A target is broken for the pages that link to it; an error page is no such page (its template's
  // relative links resolve under an address that does not exist), so what only error pages lead to is
  // not a broken link of the site (bundles recorded before the crawl stopped following error pages).
  const errorPages = new Set(evidence.pages.filter((p) => p.status !== null && p.status >= 400).flatMap((p) => [p.url, p.final_url]));
  const crawled = evidence.pages.filter(isBrokenLinkPage).filter((p) => !p.found_on || !errorPages.has(p.found_on)).map((p): Target => ({
    url: p.url, status: p.status, error: null, method: 'GET', final_url: p.final_url, found_on: p.found_on ? [p.found_on] : [], source: 'crawl',
  }));
  // Other crawled pages (answered, or failed and judged by http.* checks) are not link-check targets.
  const visited = new Set(evidence.pages.flatMap((p) => [normalizeUrl(p.url), normalizeUrl(p.final_url)]));
  const checked = evidence.site.link_checks
    .filter((l) => !visited.has(normalizeUrl(l.url)))
    .filter((l) => !l.found_on.length || l.found_on.some((f) => !errorPages.has(f)))
    .map((l): Target => ({ url: l.url, status: l.status, error: l.error, method: l.method, final_url: l.final_url, found_on: l.found_on.filter((f) => !errorPages.has(f)), source: 'link_check' }));
  return [...crawled, ...checked];
}

/** The target's address for reading: its path, with the host when it is not the audited site's own. */
function shown(url: string, origin: string): string {
  try {
    const u = new URL(url);
    return u.origin === new URL(origin).origin ? pathOf(url) : `${u.host}${pathOf(url)}`;
  } catch {
    return pathOf(url);
  }
}

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const guarded = guardedHosts(evidence.blocked);
  // A fingerprint names a target on the audited host by its path (the same broken link when a copy is
  // served on another port, or the site moves to https) and one elsewhere in full (docs.example.com/gone
  // is not example.com/gone).
  const siteHost = hostOf(evidence.site.origin);
  const ownOrFull = (url: string) => {
    try {
      const u = new URL(url);
      return u.host.toLowerCase() === siteHost ? `${u.pathname}${u.search}` : url;
    } catch {
      return url;
    }
  };
  // A local copy follows links to its production address on itself (copy-host.ts). On a hosting
  // platform's shared host (org.github.io), another deployment may serve a path the copy lacks (a
  // project site): such a target, reached only by production links, says nothing of production. On a
  // host of the site's own, a page the copy lacks is missing there too.
  const production = evidence.pages[0] ? mirroredProduction(evidence.pages[0]) : null;
  const sharedHost = production !== null && copyHostKind(production) === 'platform';
  const here = (href: string, base: string) => onCopy(normalizeUrl(href, base), production, evidence.site.origin);
  const spelledHere = new Set<string>();
  for (const p of evidence.pages) {
    // An error page spells no link of the site: the copy's 404 page names its own address ("skip to content").
    if (p.status !== null && p.status >= 400) continue;
    for (const l of p.dom?.links ?? []) {
      const id = urlIdentity(l.href, p.final_url);
      if (id && !(production && hostOf(id) === production)) spelledHere.add(id);
    }
  }
  // One finding per broken target: every spelling of one address (trailing slash, index file, fragment,
  // tracking parameters) is one page, so one fix. The first judged spelling speaks for the target.
  const broken = new Map<string, Broken>();
  // Spellings known to work (a crawled page that answered, a link check that passed): a server that answers
  // `/guide/` but not `/guide` makes only the links spelled the broken way broken.
  const working = new Set(evidence.pages.filter((p) => p.status !== null && p.status < 400).flatMap((p) => [normalizeUrl(p.url), normalizeUrl(p.final_url)]));
  for (const t of targets(evidence)) {
    const severity = guarded.has(hostnameOf(t.url)) ? null : judge(t);
    if (!severity) {
      working.add(normalizeUrl(t.url));
      continue;
    }
    const key = urlIdentity(t.url) ?? normalizeUrl(t.url);
    const known = broken.get(key);
    if (!known) broken.set(key, { t, key, severity, pages: [...t.found_on] });
    else for (const f of t.found_on) if (!known.pages.includes(f)) known.pages.push(f);
  }
  // Every loaded page whose links lead to a broken target: the crawl records only the page it followed the
  // link from, and the link checker at most ten, but the owner must edit all of them. An error page is
  // no page that carries the link (a 404 page's "skip to content" link names its own address), nor is
  // a page linking to itself.
  // How each broken target is written in the pages: a page-relative href ("undefined", "tabs/") that
  // leads to a different missing page from every page is one link in one template, so one fix.
  const spellings = new Map<string, Set<string>>();
  for (const p of evidence.pages) {
    if (p.status === null || p.status >= 400) continue;
    const self = urlIdentity(p.final_url);
    for (const l of p.dom?.links ?? []) {
      const href = here(l.href, p.final_url);
      if (working.has(normalizeUrl(href))) continue;
      const id = urlIdentity(href) ?? '';
      if (id === self) continue;
      const hit = broken.get(id);
      if (!hit) continue;
      if (!hit.pages.includes(p.final_url)) hit.pages.push(p.final_url);
      let set = spellings.get(id);
      if (!set) spellings.set(id, (set = new Set()));
      set.add(l.raw_href ?? '');
    }
  }
  const byRelative = new Map<string, Broken[]>();
  for (const b of broken.values()) {
    const written = [...(spellings.get(b.key) ?? [])];
    if (written.length !== 1 || !written[0]) continue;
    const group = byRelative.get(written[0]) ?? [];
    group.push(b);
    byRelative.set(written[0], group);
  }
  const drafts: FindingDraft[] = [];
  for (const [raw, group] of byRelative) {
    // A script's value written as an href is checked from a few pages only (the crawl caps it): every
    // page that carries it carries the same defect.
    const scriptValue = isScriptValueHref(raw);
    if (group.length < 2 && !scriptValue) continue;
    for (const b of group) broken.delete(b.key);
    const carrying = scriptValue ? evidence.pages.filter((p) => p.status !== null && p.status < 400 && (p.dom?.links ?? []).some((l) => l.raw_href === raw)).map((p) => p.final_url) : [];
    const pages = [...new Set([...group.flatMap((b) => b.pages), ...carrying])];
    const first = group[0]!.t;
    const what = first.error ? (netErrorCode(first.error) ?? failureKind(first.error)) : String(first.status);
    drafts.push({
      page: pages[0],
      severity: group.some((b) => b.severity === 'warning') ? 'warning' : 'info',
      title: `Relative link "${raw.length > 60 ? `${raw.slice(0, 60)}…` : raw}" is broken on ${pages.length} page${pages.length === 1 ? '' : 's'} (${what})`,
      subject: `relative:${raw}`,
      evidence: {
        href: raw,
        status: first.status,
        error: first.error,
        ...listed('targets', group.map((b) => b.t.url)),
        ...listed('pages', pages),
      },
    });
  }
  // Links into one folder, of one kind, broken the same way on the same pages (a book's table of contents
  // pointing at fourteen `.md` sources that were never built): one list, one mistake, one finding.
  const byFolder = new Map<string, Broken[]>();
  for (const b of broken.values()) {
    if (sharedHost && !spelledHere.has(b.key)) continue;
    const folder = folderKey(b.t.url);
    if (!folder) continue;
    const k = `${hostOf(b.t.url)}\u0000${folder}\u0000${b.t.status ?? b.t.error}\u0000${[...b.pages].sort().join(' ')}`;
    byFolder.set(k, [...(byFolder.get(k) ?? []), b]);
  }
  for (const group of byFolder.values()) {
    if (group.length < MIN_FOLDER_GROUP) continue;
    for (const b of group) broken.delete(b.key);
    const first = group[0]!.t;
    const what = first.error ? (netErrorCode(first.error) ?? failureKind(first.error)) : String(first.status);
    const pages = group[0]!.pages;
    const pattern = folderKey(first.url)!;
    drafts.push({
      page: pages[0],
      severity: group.some((b) => b.severity === 'warning') ? 'warning' : 'info',
      title: `${group.length} links to ${pattern} are broken (${what}) on ${pages.length} page${pages.length === 1 ? '' : 's'}`,
      subject: `folder:${ownOrFull(first.url)}@${[...pages].map(ownOrFull).sort().join(' ')}`,
      evidence: {
        status: first.status,
        error: first.error,
        ...listed('targets', group.map((b) => b.t.url)),
        ...listed('pages', pages),
      },
    });
  }
  return [...drafts, ...[...broken.values()].map(({ t, key, severity, pages }): FindingDraft => {
    const what = t.error ? (netErrorCode(t.error) ?? failureKind(t.error)) : String(t.status);
    const onProductionOnly = sharedHost && !spelledHere.has(key);
    return {
      // The first page that carries the broken link; the finding is about the target, so its fingerprint
      // leaves the page out (evidence.pages) and stays the same whichever page the crawl reached first.
      page: pages[0],
      severity: onProductionOnly ? 'info' : severity,
      title: onProductionOnly
        ? `Link to ${production}${pathOf(t.url)} has no page in this local copy (${what}); not checked on ${production}`
        : `Link to ${shown(t.url, evidence.site.origin)} is broken (${what})`,
      // The target's identity, verbatim but for its origin: /post/2 and /post/3 are two problems (a title
      // without its numbers would make them one), a 404 that became a 500 is still the same broken link,
      // and so is the link of a copy served on another port (or the site moved to https).
      subject: ownOrFull(key),
      evidence: {
        url: t.url,
        status: t.status,
        error: t.error,
        final_url: t.final_url,
        observed_by: t.source,
        ...(onProductionOnly ? { linked_as: `//${production}${pathOf(t.url)}`, local_copy_of: production, severity_on_copy: severity } : {}),
        ...listed('pages', pages),
      },
    };
  })];
}

/** Broken links into one folder and of one kind that make one finding (fewer stay one each). */
const MIN_FOLDER_GROUP = 3;

// `/test/01-intro.md` → `/test/*.md`; `/docs/a/` → `/docs/*/` (a folder of pages); null for the site root.
function folderKey(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const dirEnd = path.endsWith('/') ? path.slice(0, -1).lastIndexOf('/') : path.lastIndexOf('/');
  // Pages at the site's root are no list of one folder: /pricing, /team and /careers are three mistakes.
  if (dirEnd <= 0) return null;
  const last = path.slice(dirEnd + 1);
  const ext = last.endsWith('/') ? '/' : /\.[a-z0-9]{1,8}$/i.exec(last)?.[0] ?? '';
  return `${path.slice(0, dirEnd + 1)}*${ext}`;
}

export const check: Check = { meta, run };
