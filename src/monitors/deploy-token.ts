// Deploy tokens: 256 random bits shown once (at creation and rotation), stored as SHA-256, compared
// in constant time. A rotation replaces the hash, so the old token stops working at once.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEPLOY_TOKEN_PREFIX = 'sqa_hook_';
export const DEPLOY_HEADER = 'X-Service-Token';

export function mintDeployToken(): { token: string; hash: string } {
  const token = `${DEPLOY_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashDeployToken(token) };
}

export function hashDeployToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function deployTokenMatches(storedHash: string, presented: string | undefined): boolean {
  if (!presented || presented.length > 200) return false;
  const a = Buffer.from(storedHash, 'hex');
  const b = Buffer.from(hashDeployToken(presented), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
