// Serves the project's Markdown docs as HTML: /docs (index), /docs/checks/<id>, /docs/<page>.
// Each check's finding links here; the files under docs/ are the single source.
import { readFile, readdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { marked } from 'marked';
import { checks } from '../../checks/registry.js';
import { sendError } from '../errors.js';

const DOCS_DIR = new URL('../../../docs/', import.meta.url);
const SAFE_NAME = /^[a-z0-9][a-z0-9_.-]{0,120}$/;

function shell(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title.replace(/[<>&"]/g, '')} · siteqa docs</title><link rel="stylesheet" href="/assets/docs.css"></head>
<body><main class="doc"><p class="crumbs"><a href="/">siteqa</a> · <a href="/docs">docs</a></p>${body}</main></body></html>`;
}

export const DOCS_CSS = `body{font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#fff;margin:0}
.doc{max-width:46rem;margin:0 auto;padding:1.5rem 1rem 4rem}a{color:#0550ae}code,pre{font:.9em ui-monospace,SFMono-Regular,Menlo,monospace;background:#f6f8fa;border-radius:4px}
code{padding:.1em .3em}pre{padding:.8em;overflow:auto}h1{font-size:1.6rem;line-height:1.25}h2{font-size:1.2rem;margin-top:2rem}.crumbs{color:#59636e;font-size:.9rem}
table{border-collapse:collapse}td,th{border:1px solid #d1d9e0;padding:.3em .6em;text-align:left}`;

async function renderFile(path: URL): Promise<string | null> {
  try {
    const md = await readFile(path, 'utf8');
    const title = /^#\s+(.+)$/m.exec(md)?.[1] ?? 'siteqa';
    return shell(title, await marked.parse(md));
  } catch {
    return null;
  }
}

export default async function docsPages(app: FastifyInstance) {
  const cache = new Map<string, string>();
  const serve = async (key: string, path: URL) => {
    if (!cache.has(key)) {
      const html = await renderFile(path);
      if (html === null) return null;
      cache.set(key, html);
    }
    return cache.get(key)!;
  };

  app.get('/docs', { schema: { hide: true } }, async (_req, reply) => {
    const pages = (await readdir(DOCS_DIR).catch(() => [])).filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3)).sort();
    const bySection = new Map<string, string[]>();
    for (const c of checks) bySection.set(c.meta.section, [...(bySection.get(c.meta.section) ?? []), `<li><a href="/docs/checks/${c.meta.id}"><code>${c.meta.id}</code></a> — ${c.meta.title}</li>`]);
    const body = `<h1>siteqa documentation</h1><ul>${pages.map((p) => `<li><a href="/docs/${p}">${p}</a></li>`).join('')}<li><a href="/api/v1/docs">HTTP API reference</a></li></ul>
<h2>Checks</h2>${[...bySection].map(([s, items]) => `<h3>${s}</h3><ul>${items.join('')}</ul>`).join('')}`;
    return reply.type('text/html; charset=utf-8').send(shell('Documentation', body));
  });

  app.get('/docs/checks/:id', { schema: { hide: true } }, async (req, reply) => {
    const { id } = req.params as { id: string };
    const html = SAFE_NAME.test(id) ? await serve(`checks/${id}`, new URL(`checks/${id}.md`, DOCS_DIR)) : null;
    if (!html) return sendError(reply, 'not_found', `No documentation for check ${id}.`);
    return reply.type('text/html; charset=utf-8').send(html);
  });

  app.get('/docs/:page', { schema: { hide: true } }, async (req, reply) => {
    const { page } = req.params as { page: string };
    const html = SAFE_NAME.test(page) ? await serve(page, new URL(`${page}.md`, DOCS_DIR)) : null;
    if (!html) return sendError(reply, 'not_found', `No documentation page ${page}.`);
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
