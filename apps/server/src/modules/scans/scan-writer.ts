import { groupsCommits } from '../../platform/db/dialect.js';
import { GroupCommit } from '../../platform/db/group-commit.js';
import { SubstringFeeder } from '../../platform/db/substring-feeder.js';
import type { ScansRepo } from './scans.repo.js';

/**
 * Where the engine stores scans. Judgement and insert of scans that arrive together share one
 * transaction (group commit, SQLite), and the substring index of values is fed with stored scans
 * (`SubstringFeeder`) in the same transactions as the scans stored alongside.
 */
export class ScanWriter {
  private readonly group: GroupCommit<ScansRepo>;
  private readonly feeder: SubstringFeeder;

  constructor(repo: ScansRepo) {
    this.group = new GroupCommit({ transaction: (fn) => repo.transaction(fn), enabled: groupsCommits(repo.dialect) });
    this.feeder = new SubstringFeeder({ pending: () => repo.unindexedValues(), feed: (limit) => this.group.run((r) => r.indexPendingValues(limit)) });
  }

  /** Runs `work` (judge and insert one scan) in a transaction shared with scans stored at the same moment; answers once it is committed. */
  async store<T>(work: (repo: ScansRepo) => Promise<T>): Promise<T> {
    const answer = await this.group.run(work);
    this.feeder.written(1);
    return answer;
  }

  /**
   * Counts the scans stored before this process started (a restore, `data:import`) and feeds them once enough wait,
   * without waiting for the first new scan (start-up).
   */
  catchUp(): void {
    this.feeder.recount();
  }
}
