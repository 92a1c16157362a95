// The six graded sections and the ungraded Flows as people read them: a name and the question each
// answers. The report and the landing page both show them.
import type { SectionName } from '../checks/types.js';

export const SECTION_LABELS: Record<SectionName | 'flows', { name: string; question: string }> = {
  works: { name: 'Works', question: 'Pages load and answer without errors.' },
  fast: { name: 'Fast', question: 'Pages load quickly and stay responsive.' },
  found: { name: 'Found', question: 'Search engines can crawl and understand the site.' },
  measured: { name: 'Measured', question: 'Analytics is installed and sends its hits.' },
  accessible: { name: 'Accessible', question: 'People using assistive technology can use the pages.' },
  compliant: { name: 'Compliant', question: 'Consent, cookies and security headers are in order.' },
  flows: { name: 'Flows', question: 'Scripted journeys through the site (not graded).' },
};
