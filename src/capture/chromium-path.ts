// Which Chromium the service drives when CHROMIUM_PATH is not set: Debian's headless shell
// (package chromium-headless-shell, the "old headless" build Playwright itself uses for headless
// runs) when installed, else Debian's full browser. Same version, same Blink and V8, so pages
// render and run the same; the shell has no browser window, tab strip or UI compositor, which cut
// an audit's CPU by about 40 % (docs/benchmarks.md): on two cores that is most of the wall time.
import { accessSync, constants } from 'node:fs';

export const HEADLESS_SHELL_PATH = '/usr/lib/chromium/chromium-headless-shell';
export const FULL_CHROMIUM_PATH = '/usr/bin/chromium';

export function defaultChromiumPath(exists: (path: string) => boolean = isExecutable): string {
  return exists(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : FULL_CHROMIUM_PATH;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
