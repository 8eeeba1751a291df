import type { FieldIssue, V2ErrorCode } from '@scanbase/contracts';

/** A failure a user can cause, with a stable code; services throw it, each API shapes it. */
export class AppError extends Error {
  constructor(
    readonly code: V2ErrorCode,
    message: string,
    readonly details?: FieldIssue[] | Record<string, unknown>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
