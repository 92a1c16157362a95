// Encrypts secrets the service must use again later (usage-webhook signing secrets) with
// AES-256-GCM, so a copy of the database alone does not reveal them.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** A keyed, unforgeable tag of `data` (base64url HMAC-SHA256): tokens derived on demand, never stored. */
  mac(data: string): string;
}

const VERSION = 'v1';

/** `keyMaterial` is read on first use, so processes that never touch a secret never create a key file. */
export function createSecretBox(keyMaterial: string | (() => string)): SecretBox {
  let cached: Buffer | null = null;
  // Any operator-chosen string works; hashing gives the cipher exactly 32 bytes.
  const keyOf = () => (cached ??= createHash('sha256').update(typeof keyMaterial === 'string' ? keyMaterial : keyMaterial(), 'utf8').digest());
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyOf(), iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    mac(data) {
      return createHmac('sha256', keyOf()).update(`mac:${data}`, 'utf8').digest('base64url');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', keyOf(), Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * SECRETS_KEY when set (required when several nodes share a database); otherwise a random key kept
 * in `<dataDir>/secrets.key` (mode 0600) and reused on every start of this installation.
 */
export function loadSecretKey(configured: string | null, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secrets.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const fresh = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, `${fresh}\n`, { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch {
    return readFileSync(file, 'utf8').trim(); // another process wrote it first
  }
}
