import type { Service } from '@scanbase/contracts/services';
import type { QuestionCondition } from './service-types';

/** One question of a service as `services/set-questions` takes it; the list order is the order asked. */
export type ServiceQuestionRow = { id: number; condition: QuestionCondition; required: boolean };

/** The service's questions as editable rows. */
export function questionRows(service: Service): ServiceQuestionRow[] {
  return service.questions.map((q) => ({ id: q.id, condition: q.condition, required: q.required }));
}

/** Adds a question at the end (asked after each scan, answer required); nothing when it is already there. */
export function attachQuestion(rows: readonly ServiceQuestionRow[], id: number): ServiceQuestionRow[] {
  if (rows.some((row) => row.id === id)) return [...rows];
  return [...rows, { id, condition: 'pre_submit', required: true }];
}

/** Moves a row up (-1) or down (+1); the ends stay put. */
export function moveQuestion(rows: readonly ServiceQuestionRow[], index: number, delta: -1 | 1): ServiceQuestionRow[] {
  const target = index + delta;
  if (index < 0 || index >= rows.length || target < 0 || target >= rows.length) return [...rows];
  const next = [...rows];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** Changes one row. */
export function changeQuestion(rows: readonly ServiceQuestionRow[], id: number, patch: Partial<Omit<ServiceQuestionRow, 'id'>>): ServiceQuestionRow[] {
  return rows.map((row) => (row.id === id ? { ...row, ...patch } : row));
}

/** True when the rows differ from what the service has. */
export function questionsChanged(service: Service, rows: readonly ServiceQuestionRow[]): boolean {
  return JSON.stringify(questionRows(service)) !== JSON.stringify(rows);
}
