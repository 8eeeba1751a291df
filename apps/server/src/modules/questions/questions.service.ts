import { questionTypes, type QuestionType } from '@scanbase/contracts';
import { CodedError } from '../../platform/http/legacy/legacy-bridge.js';
import type { QuestionRow, QuestionsRepo } from './questions.repo.js';

export type QuestionInfo = { id: number; text: string; type: QuestionType; createdAt: string; updatedAt: string; answers: { id: number; text: string }[]; serviceIds: number[] };

/** Types whose answers are a fixed list the person picks from (they keep at least two answers). */
const CHOICE_TYPES: ReadonlySet<string> = new Set(['option', 'dropdown', 'checkbox']);

function cleanText(raw: string | undefined, what: 'question' | 'answer'): string {
  const text = (raw ?? '').trim();
  if (text === '') throw what === 'question' ? new CodedError('VALIDATION_FAILED', 269, 'Question text is missing.') : new CodedError('VALIDATION_FAILED', 265, 'Answer text is missing.');
  if (text.length > 2000) throw new CodedError('VALIDATION_FAILED', what === 'question' ? 269 : 265, `The ${what} text may have at most 2000 characters.`);
  return text;
}

function parseType(raw: string | undefined): QuestionType {
  const type = (raw ?? '').trim().toLowerCase() || 'manual';
  if (!(questionTypes as readonly string[]).includes(type)) throw new CodedError('VALIDATION_FAILED', 50, `Unknown question_type "${type}": use one of ${questionTypes.join(', ')}.`);
  return type as QuestionType;
}

/** Questions asked at scan time, and their answers. */
export class QuestionsService {
  constructor(readonly repo: QuestionsRepo) {}

  /** Rows for an id list or `all`; an unknown id answers 202. */
  async resolve(accountId: number, ids: number[] | 'all'): Promise<QuestionRow[]> {
    const { rows } = await this.repo.list(accountId, { ids });
    if (Array.isArray(ids)) {
      const found = new Set(rows.map((r) => r.id));
      const missing = ids.find((id) => !found.has(id));
      if (missing !== undefined) throw new CodedError('NOT_FOUND', 202, `Question ${missing} does not exist.`);
    }
    return rows;
  }

  async describe(accountId: number, rows: QuestionRow[]): Promise<QuestionInfo[]> {
    const ids = rows.map((r) => r.id);
    const [answers, uses] = await Promise.all([this.repo.answers(accountId, ids), this.repo.liveServicesUsing(accountId, ids)]);
    return rows.map((r) => ({
      id: r.id,
      text: r.text,
      type: r.type as QuestionType,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      answers: answers.filter((a) => a.question_id === r.id).map((a) => ({ id: a.id, text: a.text })),
      serviceIds: uses.filter((u) => u.question_id === r.id).map((u) => u.service_id),
    }));
  }

  async list(accountId: number, q: { page: number; limit: number; search?: string | undefined; searchType?: string | undefined; sortby?: string | undefined; sortdirection?: 'asc' | 'desc' | undefined }) {
    const sortBy = q.sortby === 'text' ? 'text' : q.sortby === 'type' ? 'type' : 'id';
    const { rows, total } = await this.repo.list(accountId, { search: q.search, type: q.searchType, sortBy, desc: q.sortdirection === 'desc', offset: (q.page - 1) * q.limit, limit: q.limit });
    return { items: await this.describe(accountId, rows), total, page: q.page, limit: q.limit };
  }

  async get(accountId: number, id: number): Promise<QuestionInfo> {
    const [info] = await this.describe(accountId, await this.resolve(accountId, [id]));
    return info!;
  }

  async create(accountId: number, input: { text: string | undefined; type?: string | undefined; answers?: string[] | undefined }): Promise<number> {
    const text = cleanText(input.text, 'question');
    const type = parseType(input.type);
    return this.repo.transaction(async (repo) => {
      const id = await repo.insert(accountId, { text, type });
      for (const a of input.answers ?? []) await new QuestionsService(repo).addAnswer(accountId, [id], a);
      return id;
    });
  }

  async update(accountId: number, id: number, input: { text?: string | undefined; type?: string | undefined }): Promise<void> {
    await this.resolve(accountId, [id]);
    await this.repo.update(accountId, id, { ...(input.text !== undefined ? { text: cleanText(input.text, 'question') } : {}), ...(input.type !== undefined ? { type: parseType(input.type) } : {}) });
  }

  /** Deletes questions; 261 while a live service asks one (remove it from the service first). */
  async delete(accountId: number, ids: number[] | 'all'): Promise<void> {
    await this.repo.transaction(async (repo) => {
      const rows = await new QuestionsService(repo).resolve(accountId, ids);
      const used = await repo.liveServicesUsing(accountId, rows.map((r) => r.id));
      if (used[0]) throw new CodedError('CONFLICT', 261, `Question ${used[0].question_id} could not be deleted: service ${used[0].service_id} asks it. Remove it from the service first.`);
      await repo.delete(accountId, rows.map((r) => r.id));
    });
  }

  /** Adds one answer to each question; 265 for a type without answers, 1036 for a duplicate. Answers the new ids. */
  async addAnswer(accountId: number, ids: number[] | 'all', rawText: string | undefined): Promise<number[]> {
    const text = cleanText(rawText, 'answer');
    return this.repo.transaction(async (repo) => {
      const rows = await new QuestionsService(repo).resolve(accountId, ids);
      const existing = await repo.answers(accountId, rows.map((r) => r.id));
      const created: number[] = [];
      for (const q of rows) {
        const mine = existing.filter((a) => a.question_id === q.id);
        if (!CHOICE_TYPES.has(q.type) && q.type !== 'webcollect') throw new CodedError('VALIDATION_FAILED', 265, `Answer could not be added: a ${q.type} question has no answer list.`);
        if (q.type === 'webcollect' && mine.length > 0) throw new CodedError('VALIDATION_FAILED', 265, 'Answer could not be added: a webcollect question holds a single answer (its <curl> or <html>).');
        if (mine.some((a) => a.text.toLowerCase() === text.toLowerCase())) throw new CodedError('CONFLICT', 1036, `Answers must be unique: question ${q.id} already has "${text}".`);
        created.push(await repo.insertAnswer(accountId, q.id, text));
      }
      return created;
    });
  }

  /** Deletes answers; 203 for an unknown one, 206 when a choice question would keep fewer than two. */
  async deleteAnswers(accountId: number, ids: number[]): Promise<void> {
    await this.repo.transaction(async (repo) => {
      const rows = await repo.answersById(accountId, ids);
      const missing = ids.find((id) => !rows.some((r) => r.id === id));
      if (missing !== undefined) throw new CodedError('NOT_FOUND', 203, `Answer ${missing} does not exist.`);
      const questionIds = [...new Set(rows.map((r) => r.question_id))];
      const questions = await new QuestionsService(repo).resolve(accountId, questionIds);
      const all = await repo.answers(accountId, questionIds);
      for (const q of questions) {
        const before = all.filter((a) => a.question_id === q.id).length;
        const after = before - rows.filter((r) => r.question_id === q.id).length;
        if (CHOICE_TYPES.has(q.type) && before >= 2 && after < 2) throw new CodedError('CONFLICT', 206, `Question ${q.id} must keep at least two answers.`);
      }
      await repo.deleteAnswers(accountId, ids);
    });
  }
}
