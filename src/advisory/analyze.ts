// advisory.analyze: when a model provider is configured, one chat-completions call reads a short
// summary of the evidence and the verified findings and writes an advisory note. The note is
// labelled model opinion and counts toward nothing; without a provider nothing is called (and the
// provider's client library is not even loaded: an audit does not pay for its ~150 modules).
import type { Finding } from '../checks/types.js';
import type { Config } from '../config/index.js';
import type { AdvisoryRecord, EvidenceBundle } from '../evidence/types.js';

const MAX_NOTE = 2000;
const TIMEOUT_MS = 30_000;

export function modelConfigured(config: Config): boolean {
  return Boolean(config.modelBaseUrl && config.modelName);
}

/** What the model sees: the site, the pages, the verified findings. No cookies values, no bodies. */
export function evidenceSummary(bundle: EvidenceBundle, findings: Finding[]): string {
  const pages = bundle.pages.slice(0, 20).map((p) => `- ${p.final_url} → ${p.status ?? p.navigation_error} "${p.title ?? ''}"`);
  const lines = findings
    .filter((f) => f.tier === 'verified')
    .slice(0, 60)
    .map((f) => `- [${f.section}/${f.severity}] ${f.check_id}: ${f.title}`);
  return [`Site: ${bundle.run.url}`, `Pages visited (${bundle.pages.length}):`, ...pages, `Verified findings (${lines.length}):`, ...(lines.length ? lines : ['- none'])].join('\n');
}

const SYSTEM = `You review automated website QA results for the site's owner. In at most 6 short sentences, say
what matters most and what to fix first. Do not invent problems that are not in the findings; do not
grade; say when the evidence is thin.`;

export async function analyze(config: Config, bundle: EvidenceBundle, findings: Finding[], now: Date): Promise<AdvisoryRecord | null> {
  if (!modelConfigured(config)) return null;
  const { default: OpenAI } = await import('openai');
  const client = new OpenAI({ baseURL: config.modelBaseUrl!, apiKey: config.modelApiKey ?? 'none', timeout: TIMEOUT_MS, maxRetries: 1 });
  const res = await client.chat.completions.create({
    model: config.modelName!,
    messages: [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: evidenceSummary(bundle, findings) },
    ],
    temperature: 0,
    max_tokens: 400,
  });
  const text = res.choices[0]?.message?.content?.trim();
  if (!text) return null;
  return { check_id: 'advisory.analyze', note: text.slice(0, MAX_NOTE), model: res.model || config.modelName!, created_at: now.toISOString() };
}
