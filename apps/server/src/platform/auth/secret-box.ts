import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets the server must use again later (an identity provider's client secret), encrypted at rest with
 * AES-256-GCM under SECRETS_KEY (config.ts). The stored text is `v1.<iv>.<tag>.<ciphertext>`, base64url; the
 * additional data binds a value to where it is stored (`sso:<accountId>`), so it cannot be copied to another row.
 */
export class SecretBox {
  constructor(private readonly key: Buffer | null) {}

  /** False in production without SECRETS_KEY: nothing can be sealed then. */
  get available(): boolean {
    return this.key !== null;
  }

  seal(plain: string, context: string): string {
    if (!this.key) throw new Error('SECRETS_KEY is not set');
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  /** The plain text, or undefined when the key is missing or another key (or context) sealed it. */
  open(sealed: string, context: string): string | undefined {
    const [version, iv, tag, body] = sealed.split('.');
    if (!this.key || version !== 'v1' || iv === undefined || tag === undefined || body === undefined) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
