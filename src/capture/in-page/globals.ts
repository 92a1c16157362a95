// Which known measurement globals (gtag, dataLayer, fbq, …) a page defines, read after load.
import type { Page } from 'playwright-core';
import { KNOWN_GLOBALS } from '../../evidence/vendors.js';
import { within } from '../time.js';

const SCRIPT = `(${JSON.stringify(KNOWN_GLOBALS)}).filter((n) => typeof window[n] !== 'undefined')`;

export function readGlobals(page: Page, ms = 1000): Promise<string[]> {
  return within(page.evaluate(SCRIPT) as Promise<string[]>, ms, []);
}
