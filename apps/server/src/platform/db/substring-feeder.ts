/** Rows written and not yet in a deferred substring index, past which they are fed to it (searches read the rest directly). */
const FEED_EVERY = 1_000;
/** Rows one transaction of feeding takes at most: the event loop gets a turn between transactions. */
const FEED_BATCH = 10_000;

/** A deferred substring index (dialect.ts `deferSubstringIndex`): how many rows wait, and feeding some in a transaction of its own. */
export type DeferredSubstringIndex = { pending(): Promise<number>; feed(limit: number): Promise<number> };

/**
 * Feeds a deferred substring index (SQLite) after writes commit, in batches of its own transactions, so an import
 * ends without building the index and a search reads the rows not indexed yet directly meanwhile. Scans feed theirs
 * inside their group commit instead (`ScanWriter`).
 */
export class SubstringFeeder {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly index: DeferredSubstringIndex,
    /** A feed that failed leaves its rows above the watermark, where searches read them; the next write feeds them. */
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** After a write committed: feeds the index once enough rows wait. Never throws, and does not wait for the feeding. */
  written(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.feed(FEED_EVERY)
      .catch(this.onError)
      .finally(() => {
        this.running = null;
        if (!this.again) return;
        this.again = false;
        this.written();
      });
  }

  /** Feeds every row that waits, however few, and resolves when done (tests, benches). */
  async flush(): Promise<void> {
    await this.running;
    await this.feed(1);
  }

  private async feed(atLeast: number): Promise<void> {
    if ((await this.index.pending()) < atLeast) return;
    while ((await this.index.feed(FEED_BATCH)) === FEED_BATCH) await new Promise((resolve) => setImmediate(resolve));
  }
}
