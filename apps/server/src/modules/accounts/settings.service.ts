import type { AccountSettings } from '@scanbase/contracts';
import { AppError } from '../../platform/errors.js';
import type { AccountsRepo } from './accounts.repo.js';

/** Account settings: timezoneBehavior, adminEmail, databaseCount and the admin's time zone. */
export class SettingsService {
  constructor(private readonly accounts: AccountsRepo) {}

  async get(accountId: number): Promise<AccountSettings> {
    const [account, admin] = await Promise.all([this.accounts.getAccount(accountId), this.accounts.getAdminOfAccount(accountId)]);
    if (!account || !admin) throw new AppError('NOT_FOUND', 'This account no longer exists.');
    return { timezoneBehavior: account.timezone_behavior, adminEmail: account.admin_email, databaseCount: account.database_count, timezone: admin.timezone, requireTwoFactor: account.require_two_factor === 1 };
  }

  /** The owner's sign-in email and name (the admin record's username and name). */
  async owner(accountId: number): Promise<{ email: string; name: string }> {
    const admin = await this.accounts.getAdminOfAccount(accountId);
    if (!admin) throw new AppError('NOT_FOUND', 'This account no longer exists.');
    return { email: admin.email, name: admin.name };
  }

  async update(accountId: number, patch: { timezoneBehavior?: number | undefined; adminEmail?: string | undefined; timezone?: string | undefined }): Promise<AccountSettings> {
    await this.accounts.updateAccount(accountId, {
      ...(patch.timezoneBehavior !== undefined ? { timezone_behavior: patch.timezoneBehavior } : {}),
      ...(patch.adminEmail !== undefined ? { admin_email: patch.adminEmail } : {}),
    });
    if (patch.timezone !== undefined) await this.accounts.setAdminTimezone(accountId, patch.timezone);
    return this.get(accountId);
  }
}
