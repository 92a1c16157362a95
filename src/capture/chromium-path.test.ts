import { describe, expect, it } from 'vitest';
import { defaultChromiumPath, FULL_CHROMIUM_PATH, HEADLESS_SHELL_PATH } from './chromium-path.js';
import { loadConfig } from '../config/index.js';

describe('which Chromium drives the audits', () => {
  it('prefers the headless shell when installed, else the full browser', () => {
    expect(defaultChromiumPath((p) => p === HEADLESS_SHELL_PATH)).toBe(HEADLESS_SHELL_PATH);
    expect(defaultChromiumPath(() => false)).toBe(FULL_CHROMIUM_PATH);
  });
  it('CHROMIUM_PATH wins over the default', () => {
    expect(loadConfig({ CHROMIUM_PATH: '/opt/chrome/chrome' }).chromiumPath).toBe('/opt/chrome/chrome');
    expect(loadConfig({}).chromiumPath).toBe(defaultChromiumPath());
  });
});
