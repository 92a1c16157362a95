// Runs every registered check over one bundle. The runner, not the check, decides applicability
// and contains failures: a check that throws yields an `error` result, never a broken report.
import type { EvidenceBundle } from '../evidence/types.js';
import { servedByLocalCopy } from '../evidence/copy-host.js';
import { runFacts, type RunFacts } from '../evidence/run-facts.js';
import { buildViews, pathOf, type EvidenceViews } from '../evidence/views.js';
import { partsKey, restrictBundle } from './evidence-parts.js';
import type { Check, CheckResult, EvidencePart, Finding } from './types.js';
import { fingerprintOf } from './fingerprint.js';

export interface CheckRun {
  findings: Finding[];
  results: CheckResult[];
}

function missingPart(bundle: EvidenceBundle, part: EvidencePart): string | null {
  const pages = bundle.pages.filter((p) => p.status !== null);
  switch (part) {
    case 'pages':
      return pages.length ? null : 'no page was loaded';
    case 'html':
      return pages.some((p) => p.html) ? null : 'no DOM snapshot was captured';
    case 'dom':
      return pages.some((p) => p.dom) ? null : 'no DOM facts were captured';
    case 'requests':
    case 'console':
    case 'cookies':
    case 'headers':
    case 'globals':
      return pages.length ? null : 'no page was loaded';
    case 'performance':
      return pages.some((p) => p.performance) ? null : 'no performance timings were captured';
    case 'accessibility':
      return pages.some((p) => p.accessibility && !p.accessibility.error)
        ? null
        : 'the accessibility engine did not run on any page';
    case 'robots':
      return bundle.site.robots ? null : 'robots.txt was not fetched';
    case 'sitemaps':
      return bundle.site.sitemaps.length ? null : 'no sitemap fetch was attempted';
    case 'link_checks':
      return pages.length ? null : 'no page was loaded';
    case 'consent':
      return bundle.consent && bundle.consent.loads.length ? null : 'the consent matrix was not captured';
    case 'flows':
      return bundle.flows?.length ? null : 'no flow ran';
    case 'page_refs':
      return pages.some((p) => p.dom?.heading_outline) ? null : 'heading, id and reference facts were not captured';
    case 'resource_checks':
      return bundle.site.resource_checks ? null : 'srcset, stylesheet and icon references were not checked';
    case 'external_link_checks':
      return bundle.site.external_link_checks ? null : 'links to other sites were not checked';
    case 'chaos':
      return bundle.chaos ? null : 'no chaos run';
    case 'missing_page_probe': {
      const probe = bundle.site.missing_page_probe;
      if (!probe) return 'the missing-page probe was not run';
      return probe.status === null ? `the missing-page probe got no answer (${probe.error ?? 'no response'})` : null;
    }
  }
}

/** Timestamp used in locators: the page's capture time, or the run start for site-level findings. */
function timestampFor(bundle: EvidenceBundle, pageUrl: string | undefined): string {
  const page = pageUrl ? bundle.pages.find((p) => p.url === pageUrl || p.final_url === pageUrl) : undefined;
  return page?.captured_at ?? bundle.run.started_at;
}

/** The bundle and views a check sees: only the parts it declares, built once per distinct set of parts. */
function declaredEvidence(facts: RunFacts) {
  const seen = new Map<string, { bundle: EvidenceBundle; views: EvidenceViews }>();
  return (bundle: EvidenceBundle, meta: Check['meta']) => {
    const parts = [...meta.requires, ...(meta.optional ?? [])];
    const key = partsKey(parts);
    let entry = seen.get(key);
    if (!entry) {
      const restricted = restrictBundle(bundle, parts);
      // Whether the site is a local copy, and whether the machine was offline, are read from the whole
      // bundle once, whatever parts the check reads.
      entry = { bundle: restricted, views: buildViews(restricted, facts) };
      seen.set(key, entry);
    }
    return entry;
  };
}

export function runChecks(bundle: EvidenceBundle, checks: readonly Check[]): CheckRun {
  const facts = runFacts(bundle);
  // A local copy's headers are its local server's: what they lack says nothing about the site.
  const production = facts.localCopyOf;
  const evidenceFor = declaredEvidence(facts);
  const findings: Finding[] = [];
  const results: CheckResult[] = [];
  for (const check of checks) {
    const { meta } = check;
    const missing = meta.requires.map((p) => missingPart(bundle, p)).find((m) => m !== null);
    if (missing) {
      results.push({ id: meta.id, section: meta.section, outcome: 'not_applicable', reason: missing, findings: 0 });
      continue;
    }
    try {
      const seen = evidenceFor(bundle, meta);
      const drafts = check.run(seen.bundle, seen.views);
      for (const d of drafts) {
        const path = d.page ? pathOf(d.page) : '/';
        const severity = d.severity ?? meta.severity;
        // Said of every finding about the local server's answers, info already or not: the reader should
        // know the headers judged are this machine's.
        const localServer = production !== null && meta.aboutServer === true;
        const title = `${d.title ?? meta.title}${localServer ? servedByLocalCopy(production) : ''}`;
        findings.push({
          check_id: meta.id,
          section: meta.section,
          tier: 'verified',
          severity: localServer ? 'info' : severity,
          title,
          fingerprint: fingerprintOf(meta.id, 'pages_total' in d.evidence || Array.isArray(d.evidence.pages) ? '*' : path, title, d.subject),
          impact: meta.impact,
          docs: meta.docs,
          evidence: {
            locator: `${meta.id} · ${path} · ${timestampFor(bundle, d.page)}`,
            page: d.page ?? null,
            ...d.evidence,
            ...(localServer ? { local_copy_of: production, severity_on_production: severity } : {}),
          },
        });
      }
      const unverified = drafts.length ? null : check.unverified?.(seen.bundle) ?? null;
      results.push({
        id: meta.id,
        section: meta.section,
        outcome: drafts.length ? 'failed' : unverified ? 'not_applicable' : 'passed',
        reason: unverified,
        findings: drafts.length,
      });
    } catch (err) {
      results.push({
        id: meta.id,
        section: meta.section,
        outcome: 'error',
        reason: `check threw: ${(err as Error)?.message ?? String(err)}`,
        findings: 0,
      });
    }
  }
  return { findings, results };
}
