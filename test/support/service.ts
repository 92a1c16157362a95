// Starts a real siteqa service in-process for tests: temp SQLite (or a Postgres schema), port 0,
// the given allowlist, a silent logger. Returns its base URL and runtime.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DestinationStream } from 'pino';
import { loadConfig } from '../../src/config/index.js';
import { createLogger } from '../../src/log.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import { startServer } from '../../src/server.js';
import type { Store } from '../../src/store/index.js';

export interface TestService {
  base: string;
  rt: Runtime;
  stop(): Promise<void>;
}

/**
 * `logTo`: where the service's real logger writes (with LOG_LEVEL in env); default silent.
 * `store`: a store to serve from (e.g. a Postgres schema from testDatabases()); default a temp SQLite file.
 */
export async function startTestService(env: Record<string, string> = {}, opts: { worker?: boolean; logTo?: DestinationStream; store?: Store } = {}): Promise<TestService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'siteqa-test-'));
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const rt = await createRuntime(config, { ...(opts.logTo ? { log: createLogger(config, opts.logTo) } : {}), ...(opts.store ? { store: opts.store } : {}) });
  const server = await startServer(config, { rt, worker: opts.worker ?? true });
  return {
    base: server.url,
    rt,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SseEvent {
  id: number | null;
  type: string;
  data: Record<string, unknown>;
}

/** Reads a server-sent events stream to its end (the server closes it) or until `timeoutMs`. */
export async function readEvents(url: string, opts: { lastEventId?: number; timeoutMs?: number } = {}): Promise<{ events: SseEvent[]; closedByServer: boolean; contentType: string | null }> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), opts.timeoutMs ?? 60_000);
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (opts.lastEventId !== undefined) headers['last-event-id'] = String(opts.lastEventId);
  const events: SseEvent[] = [];
  let closedByServer = false;
  const res = await fetch(url, { headers, signal: ctrl.signal });
  try {
    const decoder = new TextDecoder();
    let buf = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buf += decoder.decode(chunk, { stream: true });
      let i;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const lines = block.split('\n');
        const type = lines.find((l) => l.startsWith('event: '))?.slice(7);
        const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
        const id = lines.find((l) => l.startsWith('id: '))?.slice(4);
        if (type && data) events.push({ id: id ? Number(id) : null, type, data: JSON.parse(data) });
      }
    }
    closedByServer = true;
  } catch (err) {
    if ((err as Error).name !== 'AbortError') throw err;
  } finally {
    clearTimeout(timer);
  }
  return { events, closedByServer, contentType: res.headers.get('content-type') };
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, json, text };
}
