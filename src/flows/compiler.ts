// The compiler: a plain-language test case, one step per line, into a draft flow-spec v1. It is a
// deterministic parser over the constrained vocabulary (vocabulary.ts): no model, no I/O. Lines it
// cannot read become diagnostics (line, column, message, a suggestion); lines that start with no
// known word are also returned as unknown, for the optional model pass.
import { distance } from '../acting/similarity.js';
import { lexLine, type Token } from './lexer.js';
import { FLOW_SPEC_VERSION, MAX_STEPS, type FlowSpec, type FlowStep } from './spec.js';
import { variablesIn } from './validate-spec.js';
import { FORMS, LEADING_WORDS, type Form } from './vocabulary.js';

export interface CompileDiagnostic {
  severity: 'error' | 'warning' | 'notice';
  line: number;
  column: number;
  message: string;
  suggestion: string | null;
}

export interface CompileResult {
  spec: FlowSpec;
  diagnostics: CompileDiagnostic[];
  unknown_lines: { line: number; text: string }[];
}

/** One line as a step, or why it is not one. */
export type LineResult =
  | { ok: true; step: Omit<FlowStep, 'id'> }
  | { ok: false; diagnostic: Omit<CompileDiagnostic, 'line'>; unknown: boolean };

const LIST_MARKER = /^\s*(?:\d+[.)]|[-*•]|step\s+\d+\s*[:.)-])\s+/i;

export function compileTestCase(testCase: string, opts: { startUrl: string }): CompileResult {
  const diagnostics: CompileDiagnostic[] = [];
  const unknown: CompileResult['unknown_lines'] = [];
  const steps: FlowStep[] = [];
  testCase.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const text = raw.replace(LIST_MARKER, (m) => ' '.repeat(m.length));
    if (!text.trim() || text.trim().startsWith('#')) return;
    const r = compileLine(text, line);
    if (!r.ok) {
      diagnostics.push({ ...r.diagnostic, line });
      if (r.unknown) unknown.push({ line, text: raw.trim() });
      return;
    }
    if (steps.length === MAX_STEPS) {
      diagnostics.push({ severity: 'error', line, column: 1, message: `a flow has at most ${MAX_STEPS} steps`, suggestion: 'split the test case into several flows' });
      return;
    }
    steps.push({ id: `s${steps.length + 1}`, ...r.step });
    for (const col of (lexLine(text) as { singleQuoted?: number[] }).singleQuoted ?? []) {
      diagnostics.push({ severity: 'warning', line, column: col, message: 'single quotes were read as quotes; write names and values in double quotes', suggestion: null });
    }
  });
  if (steps.length === 0 && !diagnostics.some((d) => d.severity === 'error')) {
    diagnostics.push({ severity: 'error', line: 1, column: 1, message: 'the test case has no steps', suggestion: 'go to /' });
  }
  const variables = [...new Set(steps.flatMap((s) => [...variablesIn(s.value), ...variablesIn(s.url), ...variablesIn(s.text)]))];
  return { spec: { version: FLOW_SPEC_VERSION, start_url: opts.startUrl, variables, steps }, diagnostics, unknown_lines: unknown };
}

/** Compiles one line (also used to read back what a model wrote). */
export function compileLine(text: string, line = 1): LineResult {
  const lexed = lexLine(text);
  if (!lexed.ok) return { ok: false, unknown: false, diagnostic: { severity: 'error', column: lexed.col, message: lexed.message, suggestion: `${text.trimEnd()}"` } };
  let tokens = lexed.tokens;
  if (tokens[0]?.kind === 'word' && ['then', 'and', 'next'].includes(tokens[0].lower) && tokens.length > 1) tokens = tokens.slice(1);
  for (const form of FORMS) {
    const caps = match(form.pattern.split(' '), tokens, 0, {});
    if (caps) return build(form, caps, text, line);
  }
  const first = tokens[0];
  const lead = first?.kind === 'word' ? first.lower : null;
  // A line about errors on the page that does not fit one of its forms ("there should be no errors at all").
  const words = tokens.filter((t) => t.kind === 'word').map((t) => (t as { lower: string }).lower);
  if (lead && ERROR_LEADS.has(lead) && words.some((w) => w === 'errors' || w === 'error') && !words.some((w) => w === 'text' || w === 'status' || w === 'url') && !tokens.some((t) => t.kind === 'quoted')) {
    const console = words.includes('console');
    return {
      ok: false, unknown: false,
      diagnostic: { severity: 'error', column: (tokens[1] ?? first!).col, message: `this reads as "expect no errors"${console ? ' (console errors too)' : ''}, but the rest of the line does not fit its form`, suggestion: console ? 'expect no errors or console errors' : 'expect no errors' },
    };
  }
  if (lead && (LEADING_WORDS.has(lead) || lead === 'expect' || lead === 'should' || lead === 'url' || lead === 'status')) {
    const forms = FORMS.filter((f) => f.pattern.split(' ')[0]!.replace(/\?$/, '').split('|').includes(lead) || f.pattern.includes(` ${lead} `));
    const statusForm = lead === 'expect' && tokens.some((t) => t.kind === 'word' && t.lower === 'status');
    const message = statusForm ? 'the status must be a number, such as 200' : `"${first!.text}" is a step word, but the rest of the line does not fit its form`;
    return { ok: false, unknown: false, diagnostic: { severity: 'error', column: (tokens[1] ?? first!).col, message, suggestion: (statusForm ? FORMS.find((f) => f.action === 'expect_status') : forms[0])?.example ?? null } };
  }
  return { ok: false, unknown: true, diagnostic: { severity: 'error', column: first?.col ?? 1, message: 'this line is not a step the vocabulary knows', suggestion: suggest(tokens, text) } };
}

/** First words of the lines that speak of the page's errors. */
const ERROR_LEADS = new Set(['expect', 'there', 'should', 'i', 'no', 'the', 'page']);

type Caps = Record<string, string>;

function match(pattern: string[], tokens: Token[], ti: number, caps: Caps): Caps | null {
  if (pattern.length === 0) return ti === tokens.length ? caps : null;
  const [el, ...rest] = pattern as [string, ...string[]];
  const optional = el.endsWith('?');
  const spec = optional ? el.slice(0, -1) : el;
  const tok = tokens[ti];
  const here = tok ? take(spec, tok) : null;
  if (here) {
    const next = match(rest, tokens, ti + 1, here.name ? { ...caps, [here.name]: here.value } : caps);
    if (next) return next;
  }
  return optional ? match(rest, tokens, ti, caps) : null;
}

function take(spec: string, tok: Token): { name: string | null; value: string } | null {
  if (spec.startsWith('"')) return tok.kind === 'quoted' ? { name: spec.slice(1, -1), value: tok.text } : null;
  if (spec === '<url>' || spec === '<key>') return { name: spec.slice(1, -1), value: tok.text };
  if (spec === '<code>') return tok.kind === 'word' && /^\d{3}$/.test(tok.text) ? { name: 'code', value: tok.text } : null;
  return tok.kind === 'word' && spec.split('|').includes(tok.lower) ? { name: null, value: tok.text } : null;
}

function build(form: Form, caps: Caps, text: string, line: number): LineResult {
  const step: Omit<FlowStep, 'id'> = { action: form.action, ...form.sets, source: { line, text: text.trim(), compiled_by: 'grammar' } };
  for (const [cap, field] of Object.entries(form.fields)) {
    const value = caps[cap]!;
    if (field === 'status') step.status = Number(value);
    else step[field] = value;
  }
  for (const field of ['target', 'value', 'text', 'url'] as const) {
    if (step[field] !== undefined && step[field]!.trim() === '' && field !== 'value') {
      return { ok: false, unknown: false, diagnostic: { severity: 'error', column: 1, message: `the ${field === 'target' ? 'name' : field} is empty`, suggestion: form.example } };
    }
  }
  return { ok: true, step };
}

/** The nearest known form: the first word replaced by the closest step word, the rest kept. */
function suggest(tokens: Token[], text: string): string | null {
  const first = tokens[0];
  if (!first || first.kind !== 'word') return null;
  let best: { word: string; d: number } | null = null;
  for (const word of LEADING_WORDS) {
    const d = distance(first.lower, word);
    if (d <= Math.max(1, Math.floor(word.length / 3)) && (!best || d < best.d)) best = { word, d };
  }
  if (!best) return null;
  const needsTo = best.word === 'go' || best.word === 'navigate';
  return `${best.word}${needsTo && tokens[1]?.kind === 'word' && tokens[1].lower === 'to' ? '' : needsTo ? ' to' : ''}${text.trim().slice(first.text.length)}`;
}
