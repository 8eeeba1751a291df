import type { AbStatsReply } from '@scanbase/contracts';
import type { Db } from '../../../platform/db/database.js';
import { AppError } from '../../../platform/errors.js';
import { AbMatchingRepo } from './ab-matching.repo.js';

/** The stats of A/B matching instances (the rule at scan time is in `types/ab-barcode-matching.ts`). */
export class AbMatchingService {
  private readonly repo: AbMatchingRepo;

  constructor(deps: { db: Db }) {
    this.repo = new AbMatchingRepo(deps.db.kysely);
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
