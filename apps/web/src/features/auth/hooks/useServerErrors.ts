import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { V2Error } from '../../../api/v2-client';

/**
 * Turns a failed call into form feedback: field issues of VALIDATION_FAILED go to their fields,
 * everything else becomes one message (the server's own words).
 */
export function useServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, fields: readonly Path<T>[]) {
  const [message, setMessage] = useState<string | null>(null);
  const report = (error: unknown) => {
    if (error instanceof V2Error) {
      let placed = false;
      for (const issue of error.fieldIssues) {
        const field = fields.find((name) => name === issue.path);
        if (field) {
          setError(field, { type: 'server', message: issue.message });
          placed = true;
        }
      }
      setMessage(placed ? null : error.message);
      return;
    }
    setMessage(error instanceof Error ? error.message : 'Something went wrong. Try again.');
  };
  return { message, setMessage, report };
}
