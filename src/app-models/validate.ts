// Validates an app-model document on every write: the published JSON Schema (ajv, all errors, each
// with its JSON Pointer path), then what a schema cannot say — template and action names unique,
// every allowed destructive action declared or built in, a login URL on the model's own domain.
import { Ajv } from 'ajv';
import { APP_MODEL_SCHEMA, BUILT_IN_DESTRUCTIVE, type AppModelDoc } from './document.js';
import { schemaDiagnostics } from '../schema-diagnostics.js';

export interface ModelDiagnostic {
  /** JSON Pointer into the document, e.g. `/templates/2/pattern`. */
  path: string;
  message: string;
}

const ajv = new Ajv({ allErrors: true, strict: false });
const schemaCheck = ajv.compile(APP_MODEL_SCHEMA);

export function validateAppModel(input: unknown, domain: string): { ok: true; doc: AppModelDoc } | { ok: false; diagnostics: ModelDiagnostic[] } {
  if (!schemaCheck(input)) {
    return { ok: false, diagnostics: schemaDiagnostics(schemaCheck.errors) };
  }
  const doc = input as AppModelDoc;
  const diagnostics: ModelDiagnostic[] = [];
  const unique = (items: { name: string }[] | undefined, at: string) => {
    const names = new Set<string>();
    items?.forEach((t, i) => {
      if (names.has(t.name)) diagnostics.push({ path: `${at}/${i}/name`, message: `repeats the name "${t.name}"` });
      names.add(t.name);
    });
  };
  unique(doc.templates, '/templates');
  unique(doc.destructive_actions?.actions, '/destructive_actions/actions');
  const known = new Set<string>([...BUILT_IN_DESTRUCTIVE, ...(doc.destructive_actions?.actions ?? []).map((a) => a.name)]);
  doc.destructive_actions?.allow?.forEach((n, i) => {
    if (!known.has(n)) diagnostics.push({ path: `/destructive_actions/allow/${i}`, message: `"${n}" is neither a declared action nor one of ${BUILT_IN_DESTRUCTIVE.join(', ')}` });
  });
  if (doc.login) {
    const problem = loginUrlProblem(doc.login.url, domain);
    if (problem) diagnostics.push({ path: '/login/url', message: problem });
  }
  return diagnostics.length ? { ok: false, diagnostics } : { ok: true, doc };
}

function loginUrlProblem(url: string, domain: string): string | null {
  // `//host/login` and `/\\host/login` start with a slash but name another host (browsers read `\\` as `/`).
  if (url.startsWith('/')) return /[\s#\\]/.test(url) || url.startsWith('//') ? 'is not a path' : null;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'must be a path (/login) or an absolute http(s) URL';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'must be http or https';
  if (u.username || u.password) return 'must not carry credentials: name the account in accounts instead';
  if (u.hostname.toLowerCase() !== domain) return `is on ${u.hostname}, not on ${domain}`;
  return null;
}
