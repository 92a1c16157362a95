// Lines outside the vocabulary, rewritten by a model into vocabulary lines in ONE chat-completions
// call, then read back through the same line compiler: the model can only ever produce vocabulary
// steps, shown in the draft (marked compiled_by "model") for a person to review. Only the lines are
// sent — they name {{VARIABLES}}, never their values.
import { compileLine, type CompileDiagnostic, type CompileResult } from './compiler.js';
import type { FlowStep } from './spec.js';
import { variablesIn } from './validate-spec.js';
import { FORMS } from './vocabulary.js';

export interface ModelConfig {
  baseUrl: string;
  apiKey?: string | null;
  model: string;
}

export interface ModelSteps {
  /** One entry per line the model translated: the line it replaces and the steps read back. */
  steps: { line: number; steps: Omit<FlowStep, 'id'>[] }[];
  diagnostics: CompileDiagnostic[];
  calls: number;
}

const SYSTEM = `You rewrite test-case lines for a website test runner into its fixed vocabulary.
Each input line is numbered "N: text". Answer with lines "N: step" only, one or more per input line,
using only these forms (names and values in double quotes, keep {{VARIABLES}} exactly as written):
${FORMS.map((f) => `- ${f.example}`).join('\n')}
If a line cannot be expressed with these forms, answer "N: ?".`;

export async function compileUnknownLinesWithModel(cfg: ModelConfig, lines: { line: number; text: string }[], context: { startUrl: string }): Promise<ModelSteps> {
  if (lines.length === 0) return { steps: [], diagnostics: [], calls: 0 };
  // Loaded on first use: the service and the CLI start without the provider's client library.
  const { default: OpenAI } = await import('openai');
  const client = new OpenAI({ baseURL: cfg.baseUrl, apiKey: cfg.apiKey ?? 'none', timeout: 30_000, maxRetries: 1 });
  const res = await client.chat.completions.create({
    model: cfg.model,
    temperature: 0,
    max_tokens: 800,
    messages: [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: `Start page: ${context.startUrl}\n${lines.map((l) => `${l.line}: ${l.text}`).join('\n')}` },
    ],
  });
  return { ...readBack(res.choices[0]?.message?.content ?? '', lines), calls: 1 };
}

/** Parses the model's answer; lines it left out or answered with something off-vocabulary stay errors. */
export function readBack(answer: string, lines: { line: number; text: string }[]): Omit<ModelSteps, 'calls'> {
  const byLine = new Map<number, string[]>();
  const numbered = /^\s*(\d+)\s*:\s*(.*)$/;
  const single = lines.length === 1 ? lines[0]!.line : null;
  for (const row of answer.split(/\r?\n/)) {
    const m = numbered.exec(row);
    const n = m ? Number(m[1]) : single;
    const text = (m ? m[2]! : row).trim();
    if (n === null || !text || !lines.some((l) => l.line === n)) continue;
    byLine.set(n, [...(byLine.get(n) ?? []), text]);
  }
  const steps: ModelSteps['steps'] = [];
  const diagnostics: CompileDiagnostic[] = [];
  for (const l of lines) {
    const answers = byLine.get(l.line) ?? [];
    const read = answers.map((a) => compileLine(a, l.line));
    const allowed = new Set(variablesIn(l.text));
    const good = read.every((r) => r.ok) && answers.length > 0 && !answers.includes('?');
    const invented = good && read.some((r) => r.ok && [r.step.value, r.step.url, r.step.text].some((v) => variablesIn(v).some((n) => !allowed.has(n))));
    if (!good || invented) {
      diagnostics.push({ severity: 'error', line: l.line, column: 1, message: invented ? 'the model used a variable the line does not name; write this step in the vocabulary' : 'neither the vocabulary nor the model could read this line', suggestion: null });
      continue;
    }
    steps.push({ line: l.line, steps: read.map((r) => (r as Extract<typeof r, { ok: true }>).step).map((s) => ({ ...s, source: { line: l.line, text: l.text, compiled_by: 'model' as const } })) });
  }
  return { steps, diagnostics };
}

/** The compile result with the model's steps in their lines' places, ids renumbered, their errors replaced. */
export function mergeModelSteps(result: CompileResult, model: Pick<ModelSteps, 'steps' | 'diagnostics'>): CompileResult {
  const translated = new Set(model.steps.map((s) => s.line));
  const all = [...result.spec.steps.map((s) => ({ line: s.source?.line ?? 0, step: s as Omit<FlowStep, 'id'> })), ...model.steps.flatMap((m) => m.steps.map((step) => ({ line: m.line, step })))];
  all.sort((a, b) => a.line - b.line);
  const steps = all.map((x, i) => ({ ...x.step, id: `s${i + 1}` }) as FlowStep);
  const variables = [...new Set(steps.flatMap((s) => [...variablesIn(s.value), ...variablesIn(s.url), ...variablesIn(s.text)]))];
  const diagnostics = [
    ...result.diagnostics.filter((d) => !(translated.has(d.line) && d.severity === 'error')),
    ...model.diagnostics.filter((d) => !result.diagnostics.some((r) => r.line === d.line && r.severity === 'error' && !result.unknown_lines.some((u) => u.line === d.line))),
    ...[...translated].map((line) => ({ severity: 'notice' as const, line, column: 1, message: 'written by a model from your words: check this step before confirming', suggestion: null })),
  ].sort((a, b) => a.line - b.line);
  return { spec: { ...result.spec, steps, variables }, diagnostics, unknown_lines: result.unknown_lines.filter((u) => !translated.has(u.line)) };
}
