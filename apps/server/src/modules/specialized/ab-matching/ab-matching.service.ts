import type { AbStatsReply } from '@scanbase/contracts';
import type { AppSession } from '../../../platform/auth/session.js';
import type { Db } from '../../../platform/db/database.js';
import { nowIso } from '../../../platform/db/dialect.js';
import type { EventBus } from '../../../platform/bus/event-bus.js';
import { AppError } from '../../../platform/errors.js';
import { AbMatchingRepo } from './ab-matching.repo.js';

/** The stats of A/B matching instances (the rule at scan time is in `types/ab-barcode-matching.ts`). */
export class AbMatchingService {
  private readonly repo: AbMatchingRepo;

  constructor(private readonly deps: { db: Db; bus: EventBus }) {
    this.repo = new AbMatchingRepo(deps.db.kysely);
  }

  /** The reason for one of the caller's own mismatches that has none yet (the database rule: judged after sending). */
  async reason(caller: AppSession, scanId: number, reason: string): Promise<{ ok: true }> {
    const scan = await this.repo.ownScan(caller.accountId, scanId, caller.appUserId);
    if (!scan) throw new AppError('NOT_FOUND', `Scan ${scanId} does not exist.`);
    if (scan.result !== 'mismatch') throw new AppError('CONFLICT', 'Only a mismatch takes a reason.');
    if (scan.reason !== null) throw new AppError('CONFLICT', 'This mismatch has its reason already.');
    await this.repo.setReason(caller.accountId, scanId, reason, nowIso());
    await this.deps.bus.publish({ accountId: caller.accountId, topic: 'scan', id: scanId });
    return { ok: true };
  }

  /** Matches and mismatches in total and by app user, most scans first. */
  async stats(accountId: number, id: number): Promise<AbStatsReply> {
    if (!(await this.repo.exists(accountId, id))) throw new AppError('NOT_FOUND', `A/B matching service ${id} does not exist.`);
    const users = new Map<string, AbStatsReply['byUser'][number]>();
    let matches = 0;
    let mismatches = 0;
    for (const r of await this.repo.counts(accountId, id)) {
      const key = String(r.app_user_id);
      const row = users.get(key) ?? { appUserId: r.app_user_id, user: r.username, matches: 0, mismatches: 0 };
      if (r.result === 'match') {
        row.matches += r.n;
        matches += r.n;
      } else if (r.result === 'mismatch') {
        row.mismatches += r.n;
        mismatches += r.n;
      }
      users.set(key, row);
    }
    const byUser = [...users.values()].sort((x, y) => y.matches + y.mismatches - (x.matches + x.mismatches) || (x.user ?? '').localeCompare(y.user ?? ''));
    return { matches, mismatches, byUser };
  }
}
