import { autofillValues } from '@scanbase/contracts/databases';
import type { z } from 'zod';
import { zodIssues, type Issue } from '../../ui/form-issues';

export type AutofillBody = z.output<typeof autofillValues.body>;

/** The autofill form as typed (text, so a half-typed number is kept). */
export type AutofillForm = { count: string; mode: 'random' | 'sequential'; prefix: string; length: string; start: string; response: string; valid: boolean };

export const defaultAutofillForm: AutofillForm = { count: '100', mode: 'sequential', prefix: '', length: '6', start: '1', response: '', valid: true };

/** Characters of random values (no 0/O, 1/I that people mix up when reading labels). */
export const RANDOM_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** How many different random values of this length exist. */
export function randomCapacity(length: number): number {
  return RANDOM_ALPHABET.length ** length;
}

/** The form as a `databases/autofill` body, or the problems by field (count, length, start, prefix, response). */
export function autofillBody(id: number, form: AutofillForm): { body: AutofillBody | null; issues: Issue[] } {
  const issues: Issue[] = [];
  const count = whole(form.count);
  const length = whole(form.length);
  const start = whole(form.start);
  if (Number.isNaN(count)) issues.push({ path: 'count', message: 'Enter how many values, e.g. 100' });
  if (Number.isNaN(length)) issues.push({ path: 'length', message: 'Enter a whole number of characters' });
  if (form.mode === 'sequential' && Number.isNaN(start)) issues.push({ path: 'start', message: 'Enter the first number, e.g. 1' });
  if (issues.length > 0) return { body: null, issues };
  const parsed = autofillValues.body.safeParse({ id, count, mode: form.mode, prefix: form.prefix, length, start: form.mode === 'sequential' ? start : 1, response: form.response, validity: form.valid ? 1 : 0 });
  if (!parsed.success) return { body: null, issues: zodIssues(parsed.error.issues) };
  if (parsed.data.mode === 'random' && parsed.data.count > randomCapacity(parsed.data.length) / 2) {
    return { body: null, issues: [{ path: 'length', message: `Too short for ${parsed.data.count.toLocaleString('en-US')} random values: use more characters` }] };
  }
  return { body: parsed.data, issues: [] };
}

/** Examples of what will be generated: the first and last sequential values, or the shape of a random one. */
export function autofillExamples(form: AutofillForm): string[] {
  const count = whole(form.count);
  const length = Math.min(Math.max(whole(form.length) || 1, 1), 64);
  if (form.mode === 'random') {
    const sample = Array.from({ length }, (_unused, index) => RANDOM_ALPHABET[(index * 7 + 3) % RANDOM_ALPHABET.length]).join('');
    return [`${form.prefix}${sample}`];
  }
  const start = whole(form.start);
  if (Number.isNaN(start) || Number.isNaN(count) || count < 1) return [];
  const at = (n: number) => `${form.prefix}${String(n).padStart(length, '0')}`;
  if (count === 1) return [at(start)];
  if (count === 2) return [at(start), at(start + 1)];
  return [at(start), at(start + 1), '…', at(start + count - 1)];
}
