import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * FTP passwords at rest: AES-256-GCM with a key from `DATA_DEPLOY_KEY` (any string; its SHA-256 is the key).
 * Without the variable a fixed development key is used: set it in production (docs/data-deployment.md); changing
 * it makes the stored passwords unreadable (re-enter them). Stored form: `v1:<iv>:<tag>:<ciphertext>`, base64url.
 */
export const DEV_DATA_DEPLOY_KEY = 'learnlabel-dev-data-deployment-key';

function keyOf(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

/** The key for the configured secret (`config.DATA_DEPLOY_KEY`); empty: the development key. */
export function deploymentKey(secret: string): Buffer {
  return keyOf(secret || DEV_DATA_DEPLOY_KEY);
}

/** Encrypts a password; the empty password stays empty (nothing stored). */
export function sealSecret(plain: string, key: Buffer): string {
  if (plain === '') return '';
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join(':');
}

/** Decrypts what sealSecret stored; throws when the key changed or the value was tampered with. */
export function openSecret(sealed: string, key: Buffer): string {
  if (sealed === '') return '';
  const [version, iv, tag, data] = sealed.split(':');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unreadable stored secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
