import type { ScanDetail, ScanEdit, ScanStatus, updateScan } from '@scanbase/contracts/scanner';
import { z } from 'zod';
import type { Issue } from '../../ui/form-issues';
import { formatAccountDateTime } from '../scans/scan-format';

// The scan editor's form: what it shows (value, status, response, answers by question, properties),
// the `scans/update` body of what changed, and where the server's messages go.

export type StatusText = '1' | '0' | '-1';

/** The three results a scan can have, in the order the form offers them. */
export const statusChoices: readonly { value: StatusText; label: string }[] = [
  { value: '1', label: 'Valid' },
  { value: '0', label: 'Invalid' },
  { value: '-1', label: 'Not validated' },
];

/** One question's answers as text fields (a multiple-choice question can hold several). */
export type AnswerForm = { questionId: number; questionText: string; values: { text: string }[] };

/** A property row: `original` is null for a property added here; `removed` marks one to delete. */
export type PropertyForm = { name: string; value: string; original: string | null; removed: boolean };

export type ScanEditForm = { value: string; status: StatusText; response: string; answers: AnswerForm[]; properties: PropertyForm[] };

/** A photo or signature answer: shown as an image, never edited. */
export type FileAnswer = { answerId: number; questionId: number; questionText: string };

type Answer = ScanDetail['answers'][number];

/** The scan's answers by question, in the order they were given: text answers to edit, and the photos and signatures. */
export function splitAnswers(answers: readonly Answer[]): { text: AnswerForm[]; files: FileAnswer[] } {
  const fileQuestions = new Set(answers.filter((a) => a.hasFile).map((a) => a.questionId));
  const text = new Map<number, AnswerForm>();
  const files: FileAnswer[] = [];
  for (const answer of answers) {
    if (fileQuestions.has(answer.questionId)) {
      if (answer.hasFile) files.push({ answerId: answer.answerId, questionId: answer.questionId, questionText: answer.questionText });
      continue;
    }
    const entry = text.get(answer.questionId) ?? { questionId: answer.questionId, questionText: answer.questionText, values: [] };
    entry.values.push({ text: answer.answer });
    text.set(answer.questionId, entry);
  }
  return { text: [...text.values()], files };
}

/** The form's starting values: the scan as stored (properties by name). */
export function scanToForm(scan: ScanDetail): ScanEditForm {
  return {
    value: scan.value,
    status: String(scan.status) as StatusText,
    response: scan.response,
    answers: splitAnswers(scan.answers).text,
    properties: Object.entries(scan.properties)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, value]) => ({ name, value, original: value, removed: false })),
  };
}

/** The form's own checks (the contract's limits, and property names that must be given and unique). */
export const scanEditSchema = z
  .object({
    value: z.string().trim().min(1, 'A scan needs a value').max(4_000, 'At most 4,000 characters'),
    status: z.enum(['1', '0', '-1']),
    response: z.string().max(10_000, 'At most 10,000 characters'),
    answers: z.array(z.object({ questionId: z.number(), questionText: z.string(), values: z.array(z.object({ text: z.string().max(10_000, 'At most 10,000 characters') })) })),
    properties: z.array(z.object({ name: z.string(), value: z.string().max(1_000, 'At most 1,000 characters'), original: z.string().nullable(), removed: z.boolean() })),
  })
  .superRefine((form, context) => {
    const seen = new Set<string>();
    form.properties.forEach((property, index) => {
      if (property.removed) return;
      const name = property.name.trim();
      if (property.original === null && name === '') context.addIssue({ code: 'custom', path: ['properties', index, 'name'], message: 'Name the property' });
      else if (name.length > 100) context.addIssue({ code: 'custom', path: ['properties', index, 'name'], message: 'At most 100 characters' });
      else if (seen.has(name)) context.addIssue({ code: 'custom', path: ['properties', index, 'name'], message: `"${name}" is already a property of this scan` });
      seen.add(name);
    });
  });

export type UpdateScanBody = z.input<typeof updateScan.body>;

const valuesOf = (answer: AnswerForm) => answer.values.map((v) => v.text.trim()).filter((v) => v !== '');

/**
 * The `scans/update` body of what the form changed, or null when nothing did. Answers go by
 * question with all their values; a removed property is sent as null.
 */
export function changesOf(scan: ScanDetail, form: ScanEditForm): UpdateScanBody | null {
  const body: UpdateScanBody = { id: scan.id };
  if (form.value.trim() !== scan.value) body.value = form.value.trim();
  if (Number(form.status) !== scan.status) body.status = Number(form.status) as ScanStatus;
  if (form.response !== scan.response) body.response = form.response;

  const before = new Map(splitAnswers(scan.answers).text.map((answer) => [answer.questionId, valuesOf(answer)]));
  const answers = form.answers
    .map((answer) => ({ questionId: answer.questionId, values: valuesOf(answer) }))
    .filter((answer) => JSON.stringify(answer.values) !== JSON.stringify(before.get(answer.questionId) ?? []));
  if (answers.length > 0) body.answers = answers;

  const properties: Record<string, string | null> = {};
  const kept = new Set<string>();
  for (const property of form.properties) {
    const name = property.name.trim();
    if (property.removed || (property.original === null && name === '')) continue;
    kept.add(name);
    if (scan.properties[name] !== property.value) properties[name] = property.value;
  }
  for (const name of Object.keys(scan.properties)) if (!kept.has(name)) properties[name] = null;
  if (Object.keys(properties).length > 0) body.properties = properties;

  return Object.keys(body).length > 1 ? body : null;
}

/** How many fields the form changed (for the save bar). */
export function changeCount(body: UpdateScanBody | null): number {
  if (!body) return 0;
  return (body.value !== undefined ? 1 : 0) + (body.status !== undefined ? 1 : 0) + (body.response !== undefined ? 1 : 0) + (body.answers?.length ?? 0) + Object.keys(body.properties ?? {}).length;
}

/**
 * The form field a server issue belongs to: `value`, `status`, `response` as they are; `answers.N`
 * (N in the body) to that question's first field; `properties.NAME` to that property's value.
 */
export function formPathOf(issuePath: string, body: UpdateScanBody, form: ScanEditForm): string | null {
  if (issuePath === 'value' || issuePath === 'status' || issuePath === 'response') return issuePath;
  const answer = /^answers\.(\d+)/.exec(issuePath);
  if (answer) {
    const questionId = body.answers?.[Number(answer[1])]?.questionId;
    const index = form.answers.findIndex((a) => a.questionId === questionId);
    return index < 0 ? null : `answers.${index}.values.0.text`;
  }
  const property = /^properties\.(.+)$/.exec(issuePath);
  if (property) {
    const index = form.properties.findIndex((p) => !p.removed && p.name.trim() === property[1]);
    return index < 0 ? null : `properties.${index}.value`;
  }
  return null;
}

/** Server issues split into those a field can show (with its form path) and the rest. */
export function placeScanIssues(issues: readonly Issue[], body: UpdateScanBody, form: ScanEditForm): { fields: Issue[]; general: string[] } {
  const fields: Issue[] = [];
  const general: string[] = [];
  for (const issue of issues) {
    const path = formPathOf(issue.path, body, form);
    if (path) fields.push({ path, message: issue.message });
    else general.push(issue.message);
  }
  return { fields, general };
}

/** Multiple answers are stored joined by `|^|`; history shows them as a list. */
export function changeText(text: string): string {
  if (text === '') return '(empty)';
  return text.split('|^|').join(', ');
}

/** The history newest first (by time, then by id). */
export function newestFirst(history: readonly ScanEdit[]): ScanEdit[] {
  return [...history].sort((a, b) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1));
}

/** A full date and time with seconds in a time zone ("14 Mar 2026, 09:26:53"). */
export function formatFullTime(iso: string, timeZone: string | undefined): string {
  return formatAccountDateTime(iso, timeZone, { seconds: true });
}

/** The `scanId` query parameter as an id, or null when it is missing or not a positive whole number. */
export function parseScanId(text: string | undefined): number | null {
  if (!text || !/^\d+$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
