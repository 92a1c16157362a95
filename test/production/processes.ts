// Starts real `siteqa` processes (bin/siteqa.js: the compiled dist/ when it is up to date, as deployed) for the production-mode tests and waits for the
// log line that says each is ready. Each is its own process group, so a kill takes its browser too.
import { spawn, type ChildProcess } from 'node:child_process';

const ROOT = new URL('../../', import.meta.url).pathname;

export interface SiteqaProcess {
  child: ChildProcess;
  /** What the ready line's first group captured: the API's base URL (serve), the worker id (worker). */
  announced: string;
  /** Every stdout+stderr line so far, for failure messages. */
  output(): string;
  /** Sends the signal to the whole process group (the node process and its Chromium). */
  kill(signal: NodeJS.Signals): void;
  exited: Promise<number | null>;
}

export function startSiteqa(args: string[], env: Record<string, string>, ready: RegExp): Promise<SiteqaProcess> {
  const child = spawn(process.execPath, ['bin/siteqa.js', ...args], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const proc: SiteqaProcess = {
    child,
    announced: '',
    output: () => out,
    kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
      try {
        process.kill(-child.pid, signal);
      } catch {
        /* already gone */
      }
    },
    exited,
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`siteqa ${args.join(' ')} did not start:\n${out}`)), 30_000);
    let isReady = false;
    const onData = (d: Buffer) => {
      out += d.toString();
      if (isReady) return;
      const m = ready.exec(out);
      if (m) {
        isReady = true;
        clearTimeout(timer);
        proc.announced = m[1] ?? '';
        resolve(proc);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`siteqa ${args.join(' ')} exited ${code}:\n${out}`));
    });
  });
}

/** Runs a siteqa command to completion; rejects on a non-zero exit. */
export async function runSiteqa(args: string[], env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ['bin/siteqa.js', ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`siteqa ${args.join(' ')} exited ${code}:\n${out}`);
  return out;
}
