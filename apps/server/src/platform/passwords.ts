import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (OWASP-level memory and time cost). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** argon2 verifications run by this process (the same work whether or not the account exists; tests read it). */
export const passwordChecks = { count: 0 };

/** A hash of a random password, made once at start with the same parameters as every real hash. */
const dummyHash = hashPassword(randomBytes(18).toString('base64'));

/**
 * Whether `password` matches `passwordHash`. Without a hash (no such account) the password is checked against the
 * dummy hash, so the answer (false) takes as long as a real check.
 */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  const against = passwordHash ?? (await dummyHash);
  passwordChecks.count += 1;
  try {
    return (await verify(against, password)) && passwordHash !== undefined;
  } catch {
    return false;
  }
}
