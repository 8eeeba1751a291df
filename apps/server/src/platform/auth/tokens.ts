import { createHash, randomBytes } from 'node:crypto';

/** A new random 256-bit secret, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a secret: SHA-256, hex. Secrets are high-entropy, so no salt is needed. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** An ISO timestamp `hours` from now. */
export function hoursFromNow(hours: number): string {
  return new Date(Date.now() + hours * 3_600_000).toISOString();
}
