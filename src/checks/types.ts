// What a check is: static metadata plus a pure function from evidence to finding drafts.
import type { EvidenceBundle } from '../evidence/types.js';
import type { EvidenceViews } from '../evidence/views.js';

export const SECTIONS = ['works', 'fast', 'found', 'measured', 'accessible', 'compliant'] as const;
export type SectionName = (typeof SECTIONS)[number];
export const SEVERITIES = ['critical', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];
/** verified (machine-checked, counts) or advisory (labelled, counts toward nothing); not a workspace's tier. */
export type FindingTier = 'verified' | 'advisory';

/**
 * Parts of the bundle a check needs: the runner hands a check only these (see evidence-parts.ts) and
 * marks it not applicable when one is missing.
 */
export type EvidencePart =
  | 'pages' | 'html' | 'dom' | 'requests' | 'console' | 'cookies' | 'headers' | 'performance'
  | 'accessibility' | 'globals' | 'robots' | 'sitemaps' | 'link_checks' | 'consent' | 'missing_page_probe' | 'flows'
  | 'chaos' | 'page_refs' | 'resource_checks' | 'external_link_checks';

/** The report's ungraded section: what flows did (its findings count toward no grade). */
export type CheckSection = SectionName | 'flows';

export interface CheckMeta {
  /** `<category>.<name>`, lowercase; the file lives at src/checks/<category>/<name>.ts */
  id: string;
  section: CheckSection;
  /** Default severity; a draft may raise or lower it for one finding. */
  severity: Severity;
  title: string;
  /** One sentence on why this matters to the site owner. */
  impact: string;
  /** Path of the doc page, served at /docs/checks/<id>. */
  docs: string;
  requires: EvidencePart[];
  /** Parts the check reads when present but can judge without (handed over, never a reason to skip). */
  optional?: EvidencePart[];
  /** Thresholds as data, echoed in the docs and in findings. */
  thresholds?: Record<string, number | string | boolean>;
  /**
   * The check judges how the server answers (headers it sends or omits), not the pages. On a local copy
   * of a site that declares its production address elsewhere (src/evidence/copy-host.ts `localCopyOf`)
   * that server is the copy's, so the runner files its findings as info, saying so.
   */
  aboutServer?: boolean;
}

export interface FindingDraft {
  /** The page the finding is about (absolute URL); omitted for site-level findings. */
  page?: string;
  severity?: Severity;
  /** A more specific title for this finding; defaults to meta.title. */
  title?: string;
  /**
   * What the finding is about when numbers in its title are part of that (an id like `footnote-2`):
   * the fingerprint uses it verbatim instead of the title with its numbers out. Not part of the finding.
   */
  subject?: string;
  /** The exact captured data: URLs, header values, selectors, cookie names, metric values. */
  evidence: Record<string, unknown>;
}

export interface Check {
  meta: CheckMeta;
  run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[];
  /**
   * Why a run that found nothing verified nothing either (every probe the check reads was refused by the
   * audit's own guard): its outcome is then "not applicable" with this reason, never "passed". Null when
   * what was read can pass.
   */
  unverified?(evidence: EvidenceBundle): string | null;
}

export interface VerifiedEvidence extends Record<string, unknown> {
  /** `<check id> · <page path> · <timestamp>` */
  locator: string;
  page: string | null;
}

export interface Finding {
  check_id: string;
  /** Advisory findings about the whole site use the display group `advisory`. */
  section: SectionName | 'flows' | 'advisory';
  tier: FindingTier;
  severity: Severity;
  title: string;
  impact: string;
  docs: string;
  /** Verified findings: what the finding is about (check, page path, title without numbers), stable from run to run. */
  fingerprint?: string;
  /** In a monitor's runs: how the finding stands against the monitor's earlier runs. */
  change?: FindingChange;
  /** Present on verified findings. */
  evidence?: VerifiedEvidence;
  /** Present on advisory findings: labelled model opinion. */
  note?: string;
}

/** new: first seen now · still_there: seen last run too · regressed: fixed once, back · flapping: came back a second time or more (4+ changes in the last 10 runs). */
export type FindingChange = 'new' | 'still_there' | 'regressed' | 'flapping';

export type CheckOutcome = 'passed' | 'failed' | 'not_applicable' | 'error';

export interface CheckResult {
  id: string;
  section: CheckSection;
  outcome: CheckOutcome;
  /** Why a check was not applicable or errored. */
  reason: string | null;
  findings: number;
}
