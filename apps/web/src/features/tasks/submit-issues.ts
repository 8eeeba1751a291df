import { V2Error } from '../../api/v2-client';
import type { Issue } from '../../ui/form-issues';

/** A failed save as form issues: the server's field issues, or its message for the whole form. */
export function issuesOfError(error: unknown): Issue[] {
  if (error instanceof V2Error) {
    const fields = error.fieldIssues.map((issue) => ({ path: issue.path, message: issue.message }));
    return fields.length > 0 ? fields : [{ path: '', message: error.message }];
  }
  return [{ path: '', message: error instanceof Error ? error.message : 'Something went wrong. Try again.' }];
}
