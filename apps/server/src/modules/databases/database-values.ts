import { CodedError } from '../../platform/http/legacy/legacy-bridge.js';

export const MAX_VALUE_LENGTH = 500;

/** A value as stored: trimmed unless told not to; empty or too long is refused. */
export function cleanValue(raw: string, trim: boolean): string {
  const value = trim ? raw.trim() : raw;
  if (value === '') throw new CodedError('VALIDATION_FAILED', 1028, 'No barcode value supplied.');
  if ([...value].length > MAX_VALUE_LENGTH) throw new CodedError('VALIDATION_FAILED', 1028, `A value may have at most ${MAX_VALUE_LENGTH} characters.`);
  return value;
}

/** The uniqueness key of a value: lower-cased unless the database is case sensitive. */
export function valueKey(value: string, caseSensitive: boolean): string {
  return caseSensitive ? value : value.toLowerCase();
}

