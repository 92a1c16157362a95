#!/usr/bin/env node
// Entry point of the `siteqa` command: the compiled JavaScript in dist/ when it is up to date with
// src/ (`npm run build`; `npm start` and `npm test` build it when needed), else the TypeScript
// sources through tsx's loader — a checkout being edited never runs stale code.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'dist', '.built');

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const fresh = existsSync(stamp) && (!existsSync(join(root, 'src')) || newestSource(join(root, 'src')) <= statSync(stamp).mtimeMs);
if (fresh) {
  await import('../dist/cli/index.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/index.ts');
}
