/** Rows written and not yet in a deferred substring index, past which they are fed to it (searches read the rest directly). */
const FEED_EVERY = 1_000;
/** Rows one step of feeding takes at most: a backlog (an import, a restore) is fed in steps, the event loop turning between them. */
const FEED_BATCH = 10_000;

/** A deferred substring index (dialect.ts `deferSubstringIndex`): how many rows wait, and feeding some in a transaction. */
export type DeferredSubstringIndex = { pending(): Promise<number>; feed(limit: number): Promise<number> };

/**
 * Feeds a deferred substring index (SQLite) once about a thousand rows wait, in steps of at most ten thousand, so
 * writes (a scan, an import of a million values) do not build it themselves; searches read the rows not indexed yet
 * directly meanwhile. It counts what is written in memory (a scan costs no query) and reads the backlog from the
 * database on first use, and again when told to (`recount`: writes whose size the caller does not know).
 */
export class SubstringFeeder {
  /** Rows written and not yet fed, as far as this process knows (undefined: not read yet). */
  private unindexed: number | undefined;
  private feeding = false;

  constructor(
    private readonly index: DeferredSubstringIndex,
    /** A feed that failed leaves its rows above the watermark, where searches read them; a later one takes them. */
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** After `n` rows were written and committed (the backlog is read first, on first use). Never throws, never waits. */
  written(n: number): void {
    if (this.unindexed === undefined) this.recount();
    this.add(n);
  }

  /**
   * Reads how many rows wait from the database, then feeds them once enough wait: after writes of unknown size, and at
   * start-up (rows written before this process started: a restore, an import cut short).
   */
  recount(): void {
    this.unindexed = 0;
    this.index.pending().then(
      (n) => this.add(n),
      (error: unknown) => this.onError(error),
    );
  }

  /** Feeds every row that waits, however few, and resolves when done (tests, benches). */
  async flush(): Promise<void> {
    while ((await this.index.feed(FEED_BATCH)) === FEED_BATCH) await new Promise((resolve) => setImmediate(resolve));
    this.unindexed = 0;
  }

  private add(n: number): void {
    this.unindexed = (this.unindexed ?? 0) + n;
    if (this.unindexed < FEED_EVERY || this.feeding) return;
    this.feeding = true;
    void this.feed().then((fed) => {
      this.feeding = false;
      // Enough was written during the last step to feed again (not after a failure: the next write retries).
      if (fed && this.unindexed !== undefined && this.unindexed >= FEED_EVERY) this.add(0);
    });
  }

  /** Feeds until nothing waits; answers false when a step failed. */
  private async feed(): Promise<boolean> {
    try {
      for (;;) {
        const covered = await this.index.feed(FEED_BATCH);
        // A step short of full found nothing more waiting: whatever was counted is in the index (a count may run
        // ahead of the rows, as when a backlog read overlaps a step, and must not keep a feed going on nothing).
        if (covered < FEED_BATCH) {
          this.unindexed = 0;
          return true;
        }
        this.unindexed = Math.max(0, (this.unindexed ?? 0) - covered);
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      this.onError(error);
      return false;
    }
  }
}
