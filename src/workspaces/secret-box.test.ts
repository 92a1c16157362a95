import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, loadSecretKey } from './secret-box.js';

describe('secret box', () => {
  it('round-trips, never stores the plain text, and refuses another key or a tampered value', () => {
    const box = createSecretBox('operator key');
    const sealed = box.seal('whsec_very_secret');
    expect(sealed).not.toContain('whsec');
    expect(box.seal('whsec_very_secret')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('whsec_very_secret');
    expect(() => createSecretBox('other key').open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
  });

  it('uses SECRETS_KEY when set, else one key file per data dir, created 0600 on first use and reused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'siteqa-key-'));
    try {
      expect(loadSecretKey('configured', join(dir, 'unused'))).toBe('configured');
      const box = createSecretBox(() => loadSecretKey(null, join(dir, 'data')));
      const sealed = box.seal('s');
      const file = join(dir, 'data', 'secrets.key');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(loadSecretKey(null, join(dir, 'data'))).toBe(readFileSync(file, 'utf8').trim());
      expect(createSecretBox(() => loadSecretKey(null, join(dir, 'data'))).open(sealed)).toBe('s');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
