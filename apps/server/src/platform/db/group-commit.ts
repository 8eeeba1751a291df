type Pending<C> = { work: (ctx: C) => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };

/**
 * Group commit: pieces of work submitted at about the same moment (requests read in the same turn of
 * the event loop) run one after another in one transaction, and each caller gets its answer once that
 * transaction has committed. A piece sees everything the earlier ones wrote, as it would had each
 * committed on its own, so a rule such as "one valid scan per ticket" holds within a batch too.
 * When the shared transaction fails, nothing of it was kept and each piece runs again in a transaction
 * of its own, so only the piece at fault fails. With `enabled` false (PostgreSQL, see
 * `groupsCommits`) every piece simply gets its own transaction.
 *
 * A piece must only use the database through the context it is given, and must be safe to run twice
 * (it is when it only reads and writes through that transaction).
 */
export class GroupCommit<C> {
  private readonly queue: Pending<C>[] = [];
  private draining = false;

  constructor(
    private readonly options: {
      transaction: <T>(fn: (ctx: C) => Promise<T>) => Promise<T>;
      enabled: boolean;
      /** At most this many pieces share a transaction (the first ones wait for the others to run). */
      maxBatch?: number;
    },
  ) {}

  /** Runs `work` in a transaction shared with the pieces submitted alongside it; answers after the commit. */
  run<T>(work: (ctx: C) => Promise<T>): Promise<T> {
    if (!this.options.enabled) return this.options.transaction(work);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.draining) {
        this.draining = true;
        // After the current turn of the event loop: requests that arrived together join this batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) await this.commit(this.queue.splice(0, this.options.maxBatch ?? 100));
    } finally {
      this.draining = false;
    }
  }

  private async commit(batch: Pending<C>[]): Promise<void> {
    let answers: unknown[];
    try {
      answers = await this.options.transaction(async (ctx) => {
        const out: unknown[] = [];
        for (const piece of batch) out.push(await piece.work(ctx));
        return out;
      });
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const piece of batch) {
        try {
          piece.resolve(await this.options.transaction(piece.work));
        } catch (alone) {
          piece.reject(alone);
        }
      }
      return;
    }
    batch.forEach((piece, i) => piece.resolve(answers[i]));
  }
}
