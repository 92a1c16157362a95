// Reading and writing a workspace's app models. A domain is a bare host name the workspace has
// registered with a domain authorization (PUT /gremlin/domains, whatever its allow_mutation); a
// subdomain is a domain of its own and needs its own authorization. Every write appends a version.
import { domainToASCII } from 'node:url';
import type { Runtime } from '../runtime.js';
import { ServiceError } from '../service-error.js';
import type { AppModelRow, WorkspaceRow } from '../store/index.js';
import { APP_MODEL_SCHEMA_ID } from './document.js';
import { validateAppModel } from './validate.js';

/** Where a version came from: the HTTP API is the only writer today. */
export type AppModelSource = 'api';

const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The domain as stored (lower case, no trailing dot), or why it is not a host name. */
export function parseDomain(raw: string): { ok: true; domain: string } | { ok: false; reason: string } {
  const domain = raw.trim().toLowerCase().replace(/\.$/, '');
  if (!domain) return { ok: false, reason: 'is empty' };
  if (domain.length > 253) return { ok: false, reason: 'is longer than 253 characters' };
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(domain)) return { ok: false, reason: 'has a scheme' };
  if (domain.includes('/')) return { ok: false, reason: 'has a path' };
  if (domain.includes(':') || domain.includes('[')) return { ok: false, reason: domain.includes('[') || /:.*:/.test(domain) ? 'is an IP address' : 'has a port' };
  // An internationalized name is stored as browsers send it (punycode): that is the host a run's URL has.
  const ascii = /[^\x00-\x7f]/.test(domain) ? domainToASCII(domain) : domain;
  if (ascii !== domain) return ascii ? parseDomain(ascii) : { ok: false, reason: 'is not a valid internationalized host name' };
  if (!HOSTNAME.test(domain)) return { ok: false, reason: 'is not a host name (letters, digits and hyphens in dot-separated labels)' };
  // A host whose last label is numeric is read as an IPv4 address by browsers (WHATWG URL).
  if (/(^|\.)(\d+|0x[0-9a-f]*)$/.test(domain)) return { ok: false, reason: 'is an IP address' };
  return { ok: true, domain };
}

export function appModelBody(row: AppModelRow) {
  return { domain: row.domain, version: row.version, source: row.source, doc: row.doc, schema: APP_MODEL_SCHEMA_ID };
}

export async function readAppModel(rt: Runtime, ws: WorkspaceRow, rawDomain: string, version?: number) {
  const parsed = parseDomain(rawDomain);
  const label = parsed.ok ? parsed.domain : rawDomain;
  const row = parsed.ok ? await rt.store.appModels.get(ws.id, parsed.domain, version) : undefined;
  if (!row) {
    const which = version === undefined ? 'an app model' : `version ${version} of an app model`;
    throw new ServiceError('app_model_not_found', `This workspace has no ${which} for ${label}${parsed.ok ? '' : ` (it ${parsed.reason})`}. Write one with PUT /api/v1/app-model/{domain}.`);
  }
  return appModelBody(row);
}

export async function writeAppModel(rt: Runtime, ws: WorkspaceRow, rawDomain: string, body: unknown, source: AppModelSource = 'api') {
  const parsed = parseDomain(rawDomain);
  if (!parsed.ok) throw new ServiceError('invalid_domain', `"${rawDomain.slice(0, 80)}" ${parsed.reason}: the domain must be a bare host name such as shop.example.com (no scheme, port, path or IP address).`);
  const { domain } = parsed;
  const registered = (await rt.store.gremlinDomains.list(ws.id)).some((d) => d.host === domain);
  if (!registered) throw new ServiceError('domain_not_registered', `${domain} is not registered in this workspace: register it first with PUT /api/v1/gremlin/domains {"host": "${domain}", "allow_mutation": false} (subdomains are registered one by one).`);
  const result = validateAppModel(body, domain);
  if (!result.ok) {
    const paths = result.diagnostics.slice(0, 5).map((d) => `${d.path} ${d.message}`).join('; ');
    throw new ServiceError('invalid_app_model', `The document is not a valid app model v1 (${paths}).`, { details: { diagnostics: result.diagnostics } });
  }
  const row = await rt.store.appModels.append(ws.id, domain, result.doc as Record<string, unknown>, source, rt.clock.now());
  rt.log.info({ workspace_id: ws.id, domain, version: row.version }, 'app model written');
  return appModelBody(row);
}
