import type { JobHandler } from '../../platform/jobs/job-types.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { ScansRepo } from '../scans/scans.repo.js';
import type { ScanRetentionRepo } from './scan-retention.repo.js';

export const SCAN_RETENTION_JOB = 'scans.retention';
const BATCH = 2_000;
const DAY_MS = 86_400_000;

/** The daily run: every day at 00:00 UTC. */
export function nextPurgeAt(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** Scans made before this are deleted by a run at `at` for a retention of `days`. */
export function retentionCutoff(days: number, at = new Date()): string {
  return new Date(at.getTime() - days * DAY_MS).toISOString();
}

/** Queues the next daily run once (the dedupe key is its date); called by the hourly housekeeping and at start. */
export async function scheduleScanRetention(queue: JobQueue, now = new Date()): Promise<void> {
  const at = nextPurgeAt(now);
  await queue.enqueue(SCAN_RETENTION_JOB, {}, { accountId: null, runAt: at, maxAttempts: 3, dedupeKey: `${SCAN_RETENTION_JOB}:${at.toISOString().slice(0, 10)}` });
}

/**
 * The daily run (a system job): for each account with a retention, deletes its scans older than the retention in
 * batches, each batch its own transaction through `ScansRepo.deleteScans` (so their photo and signature files go too,
 * and the counters follow through their triggers). Safe to run again: it only ever deletes what is too old.
 */
export function scanRetentionHandler(deps: { repo: ScanRetentionRepo; scans: ScansRepo }): JobHandler {
  return async (ctx) => {
    let removed = 0;
    const accounts = await deps.repo.accountsWithRetention();
    for (const account of accounts) {
      const cutoff = retentionCutoff(account.days);
      for (;;) {
        ctx.signal.throwIfAborted();
        const ids = await deps.repo.idsOlder(account.id, cutoff, BATCH);
        if (ids.length === 0) break;
        removed += await deps.scans.transaction((r) => r.deleteScans(account.id, ids));
        ctx.progress(removed, null, `${removed.toLocaleString('en-US')} scans deleted`);
      }
    }
    return { summary: `${removed.toLocaleString('en-US')} scans past their account's retention deleted (${accounts.length} accounts with a retention).` };
  };
}
