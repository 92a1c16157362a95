// `siteqa admin`: operator commands for a self-hosted install with no payment provider —
// create and list workspaces, grant a tier (no card, no provider: docs/billing.md), rotate a key,
// revoke a report's share link, and print the mail outbox.
import { parseArgs } from 'node:util';
import pino from 'pino';
import type { Config } from '../config/index.js';
import type { Runtime } from '../runtime.js';
import { normalizeEmail } from '../notify/address.js';
import { isTier, TIERS } from '../usage/tiers.js';
import { createWorkspace, rotateKey, setTier } from '../workspaces/service.js';
import { reportUrlFor, revokeShareLink } from '../runs/share-token.js';

import { ADMIN_USAGE } from './admin-usage.js';

type Out = { write(s: string): unknown };

function fail(err: Out, message: string): number {
  err.write(`siteqa admin: ${message}\n`);
  return 2;
}

async function workspaceCommand(rt: Runtime, args: string[], out: Out, err: Out): Promise<number> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'create': {
      const { values } = parseArgs({ args: rest, options: { email: { type: 'string' }, name: { type: 'string' }, tier: { type: 'string' } } });
      const email = normalizeEmail(values.email);
      if (!email) return fail(err, '--email must be one valid email address');
      const tier = values.tier ?? 'free';
      if (!isTier(tier)) return fail(err, `--tier must be one of ${TIERS.join(', ')}`);
      const { workspace, api_token } = await createWorkspace(rt, { owner_email: email, display_name: values.name ?? null, tier }, 'operator');
      out.write(`${JSON.stringify({ workspace_id: workspace.id, owner_email: workspace.owner_email, tier: workspace.tier, api_token })}\n`);
      err.write('Store the api_token now: it is not shown again.\n');
      return 0;
    }
    case 'list': {
      for (const ws of await rt.store.workspaces.list()) {
        out.write(`${[ws.id, ws.tier.padEnd(10), ws.api_key_hint, ws.owner_email, ws.display_name ?? '', ws.created_at].join('\t')}\n`);
      }
      return 0;
    }
    case 'set-tier': {
      const [id, tier] = rest;
      if (!id || !tier) return fail(err, 'usage: admin workspace set-tier <workspace_id> <tier>');
      if (!isTier(tier)) return fail(err, `tier must be one of ${TIERS.join(', ')}`);
      const ws = await setTier(rt, id, tier);
      if (!ws) return fail(err, `no workspace ${id}`);
      out.write(`${JSON.stringify({ workspace_id: ws.id, tier: ws.tier })}\n`);
      return 0;
    }
    case 'rotate-key': {
      const [id] = rest;
      if (!id) return fail(err, 'usage: admin workspace rotate-key <workspace_id>');
      const rotated = await rotateKey(rt, id);
      if (!rotated) return fail(err, `no workspace ${id}`);
      out.write(`${JSON.stringify({ workspace_id: rotated.workspace.id, api_token: rotated.api_token })}\n`);
      return 0;
    }
    default:
      return fail(err, `unknown workspace command "${sub ?? ''}"\n\n${ADMIN_USAGE}`);
  }
}

async function reportCommand(rt: Runtime, args: string[], out: Out, err: Out): Promise<number> {
  const [sub, id] = args;
  if (sub !== 'revoke' || !id) return fail(err, 'usage: admin report revoke <run_id>');
  const run = await revokeShareLink(rt, id);
  if (!run) return fail(err, `no run ${id}`);
  out.write(`${JSON.stringify({ run_id: run.id, report_url: `${rt.config.publicBaseUrl}${reportUrlFor(run.share_token)}` })}\n`);
  err.write('The previous share link no longer works.\n');
  return 0;
}

async function outboxCommand(rt: Runtime, args: string[], out: Out): Promise<number> {
  const { values } = parseArgs({ args, options: { limit: { type: 'string' } } });
  const limit = Math.max(1, Math.min(10_000, Number(values.limit ?? 50) || 50));
  for (const m of await rt.store.mailOutbox.list(limit)) {
    out.write(`--- ${m.created_at}  To: ${m.to_address}\nSubject: ${m.subject}\n\n${m.text_body}\n`);
  }
  return 0;
}

/** Runs one admin command against the configured database; returns the exit code. */
export async function runAdminCommand(config: Config, args: string[], out: Out = process.stdout, err: Out = process.stderr): Promise<number> {
  const [group, ...rest] = args;
  if (group !== 'workspace' && group !== 'report' && group !== 'outbox') return fail(err, `unknown admin command "${group ?? ''}"\n\n${ADMIN_USAGE}`);
  const { createRuntime } = await import('../runtime.js'); // loaded only when used, like the other commands
  const rt = await createRuntime(config, { log: pino({ level: 'warn' }) });
  try {
    if (group === 'workspace') return await workspaceCommand(rt, rest, out, err);
    if (group === 'report') return await reportCommand(rt, rest, out, err);
    return await outboxCommand(rt, rest, out);
  } finally {
    await rt.close();
  }
}
