import { groupsCommits } from '../../platform/db/dialect.js';
import { GroupCommit } from '../../platform/db/group-commit.js';
import type { ScansRepo } from './scans.repo.js';

/** Scans stored since the substring index of values was last fed, before a batch feeds it (searches read these directly). */
const FEED_EVERY = 1_000;
/** Scans one feed takes at most: a backlog (after data:import) is fed in steps, each sharing a transaction with live scans. */
const FEED_BATCH = 10_000;

/**
 * Where the engine stores scans. Judgement and insert of scans that arrive together share one
 * transaction (group commit, SQLite), and the substring index of values is fed with stored scans in
 * batches of about a thousand, in the same transactions as the scans stored alongside.
 */
export class ScanWriter {
  private readonly group: GroupCommit<ScansRepo>;
  /** Scans stored and not yet fed to the substring index, as far as this process knows (undefined: not read yet). */
  private unindexed: number | undefined;
  private feeding = false;

  constructor(private readonly repo: ScansRepo) {
    this.group = new GroupCommit({ transaction: (fn) => repo.transaction(fn), enabled: groupsCommits(repo.dialect) });
  }

  /** Runs `work` (judge and insert one scan) in a transaction shared with scans stored at the same moment; answers once it is committed. */
  async store<T>(work: (repo: ScansRepo) => Promise<T>): Promise<T> {
    const answer = await this.group.run(work);
    this.catchUp();
    this.stored(1);
    return answer;
  }

  /**
   * Counts the scans stored before this process started (a restore, `data:import`) and feeds them once enough wait,
   * without waiting for the first new scan (start-up); later calls do nothing.
   */
  catchUp(): void {
    if (this.unindexed !== undefined) return;
    this.unindexed = 0;
    void this.repo.unindexedValues().then(
      (n) => this.stored(n),
      () => undefined,
    );
  }

  private stored(n: number): void {
    this.unindexed = (this.unindexed ?? 0) + n;
    if (this.unindexed < FEED_EVERY || this.feeding) return;
    this.feeding = true;
    void this.feed().finally(() => {
      this.feeding = false;
    });
  }

  private async feed(): Promise<void> {
    try {
      for (;;) {
        const covered = await this.group.run((r) => r.indexPendingValues(FEED_BATCH));
        this.unindexed = Math.max(0, (this.unindexed ?? 0) - covered);
        if (covered < FEED_BATCH) return;
      }
    } catch {
      // The scans stay above the watermark, where searches read them directly; the next feed takes them.
    }
  }
}
