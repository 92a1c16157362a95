// What an app model changes for a chaos run, compiled once: URLs and elements never to touch, what
// counts as destructive beyond the built-in words, and which destructive actions an authorized run
// may perform. Pure; the browser side is in never-touch.ts and safety.ts.
import type { AppModelDoc } from '../app-models/document.js';
import { compilePattern, matchesAny, matchesPath, type PathPattern } from '../app-models/patterns.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The built-in destructive words, each under the name an app model's allow-list uses. */
const BUILT_IN = /(^|[\/_\-.?=&])(delete|destroy|remove|cancel|unsubscribe|logout|log-out|signout|sign-out|deactivate|close-account)([\/_\-.?=&]|$)/i;
const BUILT_IN_NAME: Record<string, string> = {
  delete: 'delete', destroy: 'delete', remove: 'delete', deactivate: 'delete', 'close-account': 'delete',
  cancel: 'cancel', unsubscribe: 'unsubscribe', logout: 'logout', 'log-out': 'logout', signout: 'logout', 'sign-out': 'logout',
};

export interface ChaosModelPolicy {
  /** The host the model describes (the run's site): its patterns apply there and on its subdomains only. */
  host: string;
  neverUrls: PathPattern[];
  neverSelectors: string[];
  actions: { name: string; pattern: PathPattern; methods: Set<string> | null }[];
  allow: Set<string>;
}

export function chaosPolicyOf(doc: AppModelDoc | null | undefined, host: string): ChaosModelPolicy | null {
  if (!doc) return null;
  return {
    host: host.toLowerCase(),
    neverUrls: (doc.never_touch?.urls ?? []).map(compilePattern),
    neverSelectors: doc.never_touch?.selectors ?? [],
    actions: (doc.destructive_actions?.actions ?? []).map((a) => ({ name: a.name, pattern: compilePattern(a.url), methods: a.methods ? new Set(a.methods) : null })),
    allow: new Set(doc.destructive_actions?.allow ?? []),
  };
}

/**
 * The model's host, or a subdomain of it: its never-touch areas and declared destructive actions
 * hold there too (a redirect to www. must not escape them; erring this way only keeps more dry).
 */
export function onModelHost(policy: ChaosModelPolicy, url: URL): boolean {
  const h = url.hostname.toLowerCase();
  return h === policy.host || h.endsWith(`.${policy.host}`);
}

/** True when the model keeps chaos runs away from this URL. */
export function neverTouches(policy: ChaosModelPolicy | null, url: URL): boolean {
  return !!policy && onModelHost(policy, url) && matchesAny(policy.neverUrls, url.href) !== null;
}

/**
 * The destructive action a request is, by name, or null: the model's declared actions first (their
 * methods, by default any that can change data), then the built-in words on requests that can.
 */
export function destructiveAction(policy: ChaosModelPolicy | null, method: string, url: URL): string | null {
  const m = method.toUpperCase();
  if (policy && onModelHost(policy, url)) {
    const declared = policy.actions.find((a) => (a.methods ? a.methods.has(m) : !SAFE_METHODS.has(m)) && matchesPath(a.pattern, url.href));
    if (declared) return declared.name;
  }
  if (SAFE_METHODS.has(m)) return null;
  const word = BUILT_IN.exec(url.pathname + url.search)?.[2]?.toLowerCase();
  return word ? (BUILT_IN_NAME[word] ?? 'delete') : null;
}

/** Whether the request may really be sent: an authorized host, and a destructive one only when the model allows it by name. */
export function mayMutate(policy: ChaosModelPolicy | null, mutationHosts: ReadonlySet<string>, method: string, url: URL): boolean {
  if (!mutationHosts.has(url.hostname.toLowerCase())) return false;
  const action = destructiveAction(policy, method, url);
  return action === null || (policy?.allow.has(action) ?? false);
}

export { SAFE_METHODS };
