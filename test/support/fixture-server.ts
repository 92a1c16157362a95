// Serves a fixture website (test/fixtures/sites/<name>) on loopback for end-to-end tests and benchmarks.
// CLI: `tsx test/support/fixture-server.ts <name|directory> [port]` prints the URL and serves until Ctrl-C.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { makeGenerator } from '../fixtures/sites/_lib/generate.js';
import { createResponder } from '../fixtures/sites/_lib/responder.js';
import { loadSiteConfig, type SiteConfig } from '../fixtures/sites/_lib/site-config.js';

export const SITES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/sites');

/** Lighthouse's smoke-test pages, kept as data in the shared folder beside the repository. */
export const LIGHTHOUSE_FIXTURES = [resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/peer-fixtures/lighthouse'), '/work/shared/peer-fixtures/lighthouse'].find((d) => existsSync(d)) ?? '/work/shared/peer-fixtures/lighthouse';

export interface FixtureHit {
  method: string;
  /** Path plus query, as requested. */
  path: string;
  /** Request headers, names lower-cased, repeated headers joined with ", ". */
  headers: Record<string, string>;
}

export interface FixtureSite {
  name: string;
  /** http://127.0.0.1:PORT */
  origin: string;
  /** The start URL. */
  url: string;
  /** 127.0.0.1:PORT, for QA_URL_ALLOWLIST. */
  hostPort: string;
  /** Every entry QA_URL_ALLOWLIST needs: the site under 127.0.0.1 and under localhost (its "third party"). */
  allowlist: string[];
  /** Every request the site received, in order. */
  hits: FixtureHit[];
  close(): Promise<void>;
}

export interface ServeOptions {
  /** Port to listen on; 0 (random) by default. */
  port?: number;
}

/** Names of the fixture sites (folders with a site.json). */
export function listSites(): string[] {
  return readdirSync(SITES_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(SITES_DIR, e.name, 'site.json')))
    .map((e) => e.name)
    .sort();
}

export async function serveSite(name: string, opts: ServeOptions = {}): Promise<FixtureSite> {
  if (!/^[a-z0-9][a-z0-9_-]*$/.test(name)) throw new Error(`bad fixture site name "${name}"`);
  const siteDir = join(SITES_DIR, name);
  if (!existsSync(join(siteDir, 'site.json'))) {
    throw new Error(`no fixture site "${name}" (known: ${listSites().join(', ')})`);
  }
  const config = loadSiteConfig(join(siteDir, 'site.json'));
  return serveTree(name, join(siteDir, 'public'), config, siteDir, opts);
}

/** Serves any folder as a site (e.g. Lighthouse's smoke-test pages); folders without index.html get a listing. */
export async function serveDirectory(dir: string, opts: ServeOptions & { config?: SiteConfig } = {}): Promise<FixtureSite> {
  const root = resolve(dir);
  if (!existsSync(root)) throw new Error(`no such directory: ${root}`);
  const config: SiteConfig = { autoindex: true, templates: false, ...opts.config };
  return serveTree(basename(root), root, config, null, opts);
}

async function serveTree(name: string, publicDir: string, config: SiteConfig, siteDir: string | null, opts: ServeOptions): Promise<FixtureSite> {
  const hits: FixtureHit[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let port = 0;
  const respond = createResponder({
    publicDir,
    config,
    generator: config.generate && siteDir ? makeGenerator(config.generate, siteDir) : null,
    port: () => port,
    later(fn, ms) {
      const t = setTimeout(() => {
        timers.delete(t);
        fn();
      }, ms);
      timers.add(t);
    },
  });
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    hits.push({ method: req.method ?? 'GET', path: req.url ?? '/', headers });
    respond(req, res);
  };

  const primary = createServer(handle);
  await listen(primary, opts.port ?? 0, '127.0.0.1');
  port = (primary.address() as { port: number }).port;
  // Browsers may try ::1 first for "localhost"; answer there too when the machine has IPv6 loopback.
  const secondary = createServer(handle);
  const servers: Server[] = [primary];
  if (await listen(secondary, port, '::1').then(() => true, () => false)) servers.push(secondary);

  const origin = `http://127.0.0.1:${port}`;
  return {
    name,
    origin,
    url: origin + (config.start ?? '/'),
    hostPort: `127.0.0.1:${port}`,
    allowlist: [`127.0.0.1:${port}`, `localhost:${port}`],
    hits,
    async close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.all(servers.map((s) => new Promise<void>((done) => {
        s.close(() => done());
        // Hanging responses and keep-alive sockets would otherwise hold close() open forever.
        s.closeAllConnections();
      })));
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      done();
    });
  });
}

async function main(argv: string[]): Promise<void> {
  const [target, portArg] = argv;
  if (!target) {
    process.stderr.write(`usage: tsx test/support/fixture-server.ts <site|directory> [port]\nsites: ${listSites().join(', ')}\n`);
    process.exit(2);
  }
  const port = portArg ? Number(portArg) : 0;
  // A folder given on the command line is a built site (a real site's copy, for review): served as static
  // hosts serve it, without listings for folders that have no index.html (GitHub Pages answers 404 there).
  const site = target.includes('/') ? await serveDirectory(target, { port, config: { autoindex: false, templates: false } }) : await serveSite(target, { port });
  process.stdout.write(`${site.url}\nQA_URL_ALLOWLIST=${site.allowlist.join(',')}\n`);
  const stop = () => void site.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).catch((err: Error) => {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  });
}
