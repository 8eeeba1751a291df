import { legacyErrors } from '@scanbase/contracts';

/** A legacy error reply: `<status>0</status><error code="N">text</error>`, HTTP 200. */
export class LegacyError extends Error {
  constructor(
    readonly code: number,
    message?: string,
  ) {
    super(message ?? (legacyErrors as Record<number, string>)[code] ?? 'Request could not be processed.');
  }
}
