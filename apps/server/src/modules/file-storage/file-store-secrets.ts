import type { SecretBox } from '../../platform/auth/secret-box.js';
import { AppError } from '../../platform/errors.js';
import type { FileStoreRow } from './file-storage.repo.js';

/** Seals and opens a store's secret (tokens, secret key, password) with SECRETS_KEY, bound to the account. */
export class StoreSecrets {
  constructor(private readonly box: SecretBox) {}

  get available(): boolean {
    return this.box.available;
  }

  private context(accountId: number): string {
    // Sealed for the account; a secret cannot be moved to another account's row.
    return `filestorage:${accountId}:new`;
  }

  /** The value sealed for the account; refused when the server has no SECRETS_KEY. */
  seal(accountId: number, value: unknown): string {
    if (!this.box.available) throw new AppError('CONFLICT', 'The server cannot store secrets: the operator must set SECRETS_KEY (see docs/OPERATIONS.md).');
    return this.box.seal(JSON.stringify(value), this.context(accountId));
  }

  /** The row's secret, or undefined when it cannot be opened (SECRETS_KEY changed). */
  open<T>(row: FileStoreRow): T | undefined {
    const plain = row.secret_enc ? this.box.open(row.secret_enc, this.context(row.account_id)) : undefined;
    return plain === undefined ? undefined : (JSON.parse(plain) as T);
  }
}
