import type { DeletionStatus } from '@scanbase/contracts';
import { verifyPassword } from '../../platform/auth/passwords.js';
import { hashSecret, newSecret } from '../../platform/auth/tokens.js';
import { nowIso } from '../../platform/db/dialect.js';
import { AppError } from '../../platform/errors.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import type { AuthTokensRepo } from '../accounts/auth-tokens.repo.js';
import type { AccountDeletionRepo } from './account-deletion.repo.js';
import { ACCOUNT_EXPORT_JOB, ACCOUNT_PURGE_JOB } from './account-jobs.js';

/** Deleting an account: export first, confirm, grace period with a restore link, then the purge job. */
export class AccountDeletionService {
  constructor(
    private readonly deps: { repo: AccountDeletionRepo; tokens: AuthTokensRepo; queue: JobQueue; mailer: Mailer; limiter: RateLimiter; publicUrl: string; graceDays: number; now?: () => Date },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** The schedule, the grace period and the last export run. */
  async status(accountId: number): Promise<DeletionStatus> {
    const account = await this.deps.repo.account(accountId);
    if (!account) throw new AppError('NOT_FOUND', 'This account does not exist.');
    const scheduled = account.deletion_requested_at && account.deletion_due_at ? { requestedAt: account.deletion_requested_at, dueAt: account.deletion_due_at } : null;
    return { companyName: account.company_name, graceDays: this.deps.graceDays, scheduled, lastExportJobId: (await this.deps.repo.lastJob(accountId, ACCOUNT_EXPORT_JOB))?.id ?? null };
  }

  /** Queues the "download everything" run (one at a time). */
  async startExport(accountId: number): Promise<{ jobId: number }> {
    const last = await this.deps.repo.lastJob(accountId, ACCOUNT_EXPORT_JOB);
    if (last && (last.state === 'queued' || last.state === 'running')) throw new AppError('CONFLICT', 'An export of this account is running already. Follow it below.');
    const id = await this.deps.queue.enqueue(ACCOUNT_EXPORT_JOB, {}, { accountId, maxAttempts: 2 });
    if (id === undefined) throw new AppError('CONFLICT', 'The export could not be started. Please try again.');
    return { jobId: id };
  }

  /** Schedules the purge after the grace period, once the company name and the owner's password are right. */
  async request(accountId: number, input: { companyName: string; password: string }): Promise<DeletionStatus> {
    const { repo } = this.deps;
    const [account, owner] = await Promise.all([repo.account(accountId), repo.owner(accountId)]);
    if (!account || !owner) throw new AppError('NOT_FOUND', 'This account does not exist.');
    if (account.deletion_due_at) throw new AppError('CONFLICT', `This account is already scheduled for deletion on ${account.deletion_due_at.slice(0, 10)}.`);
    const limited = await this.deps.limiter.hit(`account-delete:${accountId}`, 3600, 10);
    if (!limited.allowed) throw new AppError('LIMIT_MINUTE', 'Too many attempts. Try again in an hour.', undefined, limited.retryAfterSeconds);
    if (input.companyName.trim().toLowerCase() !== account.company_name.trim().toLowerCase()) {
      throw new AppError('VALIDATION_FAILED', 'The company name does not match.', [{ path: 'companyName', message: `Type ${account.company_name} exactly` }]);
    }
    if (!(await verifyPassword(owner.password_hash, input.password))) throw new AppError('VALIDATION_FAILED', 'The password is not right.', [{ path: 'password', message: 'Wrong password' }]);
    const now = this.now();
    const due = new Date(now.getTime() + this.deps.graceDays * 86_400_000);
    await repo.schedule(accountId, { requestedAt: now.toISOString(), dueAt: due.toISOString() });
    const token = newSecret();
    // The link outlives the purge time by a day, so a click in the last minutes still finds a clear answer.
    await this.deps.tokens.insert('restore_account', hashSecret(token), { accountId, adminId: null, accountUserId: null }, new Date(due.getTime() + 86_400_000).toISOString());
    const link = `${this.deps.publicUrl}/account/deleteaccount/?restore=${encodeURIComponent(token)}`;
    const day = due.toISOString().slice(0, 10);
    await this.deps.mailer.send({
      to: owner.email,
      subject: `${account.company_name} will be deleted on ${day}`,
      text: `Hello ${owner.name || ''},\n\nYou asked to delete the Scanbase account of ${account.company_name}. On ${day} every scan, database, service, user and file of it will be removed for good.\n\nChanged your mind? Open this link before then to keep the account:\n${link}\n\nIf you did not ask for this, open the link now and change your password.\n`,
    });
    const status = await this.status(accountId);
    // Queued last: with no grace period (tests, or an operator's choice) the purge may start at once.
    await this.deps.queue.enqueue(ACCOUNT_PURGE_JOB, { accountId }, { accountId: null, maxAttempts: 5, runAt: due });
    return status;
  }

  /** Cancels the schedule: from the page (owner session), or with the mailed token. */
  async cancel(accountId: number, token: string | undefined): Promise<void> {
    const { repo } = this.deps;
    if (token !== undefined) {
      const row = await this.deps.tokens.findLive('restore_account', hashSecret(token));
      if (!row || row.account_id !== accountId) throw new AppError('NOT_FOUND', 'This restore link is not valid (it may have been used already or belong to another account).');
    }
    const account = await repo.account(accountId);
    if (!account?.deletion_due_at) throw new AppError('CONFLICT', 'This account is not scheduled for deletion.');
    await repo.schedule(accountId, null);
    await repo.deleteTokens(accountId, 'restore_account');
  }

  /** When the purge may run: the schedule still stands and its time has come. */
  async duePurge(accountId: number): Promise<boolean> {
    const account = await this.deps.repo.account(accountId);
    return Boolean(account?.deletion_due_at && account.deletion_due_at <= nowIso());
  }
}
