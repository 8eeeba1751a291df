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

/** What a finished job leaves behind. */
export type JobResult = { file?: JobFile; summary?: string; data?: Record<string, unknown> };

/**
 * A handler for one job type. It must be safe to run again: a job whose process died is picked up
 * again when its lease expires, and a failed job may be retried.
 */
export type JobHandler<P = unknown> = (ctx: JobContext<P>) => Promise<JobResult | undefined>;

/** An error that retrying cannot fix (bad input): the job fails at once. */
export class PermanentJobError extends Error {}
