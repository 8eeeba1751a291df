/** What a job handler receives. */
export type JobContext<P = unknown> = {
  jobId: number;
  accountId: number | null;
  taskId: number | null;
  attempt: number;
  payload: P;
  /** Aborted when the job is cancelled or its lease is lost; long handlers check it between chunks. */
  signal: AbortSignal;
  /** Reports progress (written at most every 250 ms; the last value always lands). */
  progress(done: number, total?: number | null, message?: string): void;
  /** Adds a line to the job's log (shown on the progress page). */
  log(message: string, level?: 'info' | 'warn' | 'error'): Promise<void>;
};

/** A stored file a job produced (an export, a label sheet). */
export type JobFile = { key: string; name: string; contentType: string; size: number };

/**
 * What a finished job leaves behind. A job's payload may list blob keys it owns in `files`
 * (an uploaded source file); clean-up deletes them with the job, like the result's file.
 */
export type JobResult = { file?: JobFile; summary?: string; report?: JobReport; data?: Record<string, unknown> };

/** An import's report: rows read, imported, rejected, and the first rejected rows (the result's file lists them all). */
export type JobReport = { rows: number; imported: number; rejected: number; rejectedRows: { row: number; reason: string }[] };

/** How many rejected rows a report lists (a run's CSV file lists them all). */
const REPORTED_ROWS = 100;

/** An import's report as a job result (and an `import.finished` event) keeps it: the first 100 rejected rows. */
export function jobReport(r: JobReport): JobReport {
  return { rows: r.rows, imported: r.imported, rejected: r.rejected, rejectedRows: r.rejectedRows.slice(0, REPORTED_ROWS) };
}

/**
 * A handler for one job type. It must be safe to run again: a job whose process died is picked up
 * again when its lease expires, and a failed job may be retried.
 */
export type JobHandler<P = unknown> = (ctx: JobContext<P>) => Promise<JobResult | undefined>;

/** An error that retrying cannot fix (bad input): the job fails at once. */
export class PermanentJobError extends Error {}

/** A permanent failure that still leaves a result (an all-or-nothing import's report of the rows that stopped it). */
export class FailedWithResult extends PermanentJobError {
  constructor(
    message: string,
    readonly result: JobResult,
  ) {
    super(message);
  }
}
