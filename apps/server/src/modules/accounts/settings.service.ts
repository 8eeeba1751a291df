import type { AccountSettings, DateFormat, TimeFormat } from '@scanbase/contracts';
import { AppError } from '../../platform/errors.js';
import type { AccountRow, AccountsRepo } from './accounts.repo.js';
import { nextPurgeAt, retentionCutoff } from './scan-retention.js';
import type { ScanRetentionRepo } from './scan-retention.repo.js';

export type SettingsPatch = {
  companyName?: string | undefined;
  companyAddress?: string | undefined;
  companyPhone?: string | undefined;
  dateFormat?: DateFormat | undefined;
  timeFormat?: TimeFormat | undefined;
  scanRetentionDays?: number | null | undefined;
  confirmRetention?: boolean | undefined;
  timezoneBehavior?: number | undefined;
  adminEmail?: string | undefined;
  timezone?: string | undefined;
};

/** Account settings: company details, formats, scan retention, timezoneBehavior, adminEmail, databaseCount and the admin's time zone. */
export class SettingsService {
  constructor(
    private readonly accounts: AccountsRepo,
    private readonly retention: ScanRetentionRepo,
  ) {}

  async get(accountId: number): Promise<AccountSettings> {
    const [account, admin] = await Promise.all([this.accounts.getAccount(accountId), this.accounts.getAdminOfAccount(accountId)]);
    if (!account || !admin) throw new AppError('NOT_FOUND', 'This account no longer exists.');
    return {
      companyName: account.company_name,
      companyAddress: account.company_address,
      companyPhone: account.company_phone,
      dateFormat: account.date_format as DateFormat,
      timeFormat: account.time_format as TimeFormat,
      scanRetentionDays: account.scan_retention_days,
      retention: await this.preview(accountId, account.scan_retention_days),
      timezoneBehavior: account.timezone_behavior,
      adminEmail: account.admin_email,
      databaseCount: account.database_count,
      timezone: admin.timezone,
      requireTwoFactor: account.require_two_factor === 1,
    };
  }

  /** The next daily run and how many of the account's scans it would delete with this retention (null: kept for ever). */
  private async preview(accountId: number, days: number | null): Promise<AccountSettings['retention']> {
    if (days === null) return null;
    const at = nextPurgeAt();
    return { nextPurgeAt: at.toISOString(), wouldDelete: await this.retention.countOlder(accountId, retentionCutoff(days, at)) };
  }

  /** The owner's sign-in email and name (the admin record's username and name). */
  async owner(accountId: number): Promise<{ email: string; name: string }> {
    const admin = await this.accounts.getAdminOfAccount(accountId);
    if (!admin) throw new AppError('NOT_FOUND', 'This account no longer exists.');
    return { email: admin.email, name: admin.name };
  }

  /**
   * Changes the fields sent. Setting or lowering the scan retention so that the next run would delete scans needs
   * `confirmRetention: true`; without it nothing is saved and the answer is 409 naming how many scans would go.
   */
  async update(accountId: number, patch: SettingsPatch): Promise<AccountSettings> {
    const account = await this.accounts.getAccount(accountId);
    if (!account) throw new AppError('NOT_FOUND', 'This account no longer exists.');
    const days = patch.scanRetentionDays;
    const lowers = days !== undefined && days !== null && (account.scan_retention_days === null || days < account.scan_retention_days);
    if (lowers && patch.confirmRetention !== true) {
      const count = await this.retention.countOlder(accountId, retentionCutoff(days, nextPurgeAt()));
      if (count > 0) throw new AppError('CONFLICT', `Keeping scans for ${days} day${days === 1 ? '' : 's'} deletes ${count.toLocaleString('en-US')} scan${count === 1 ? '' : 's'} at the next daily run. Confirm to go ahead.`);
    }
    const changes: Partial<AccountRow> = {
      ...(patch.companyName !== undefined ? { company_name: patch.companyName } : {}),
      ...(patch.companyAddress !== undefined ? { company_address: patch.companyAddress } : {}),
      ...(patch.companyPhone !== undefined ? { company_phone: patch.companyPhone } : {}),
      ...(patch.dateFormat !== undefined ? { date_format: patch.dateFormat } : {}),
      ...(patch.timeFormat !== undefined ? { time_format: patch.timeFormat } : {}),
      ...(days !== undefined ? { scan_retention_days: days } : {}),
      ...(patch.timezoneBehavior !== undefined ? { timezone_behavior: patch.timezoneBehavior } : {}),
      ...(patch.adminEmail !== undefined ? { admin_email: patch.adminEmail } : {}),
    };
    await this.accounts.updateAccount(accountId, changes);
    if (patch.timezone !== undefined) await this.accounts.setAdminTimezone(accountId, patch.timezone);
    return this.get(accountId);
  }
}
