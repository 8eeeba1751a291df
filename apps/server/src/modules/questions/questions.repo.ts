import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../platform/db/database.js';
import { containsText, nowIso } from '../../platform/db/dialect.js';
import type { Database } from '../../platform/db/schema.js';

export type QuestionRow = { id: number; text: string; type: string; created_at: string; updated_at: string };
export type AnswerRow = { id: number; question_id: number; text: string };

const columns = ['id', 'text', 'type', 'created_at', 'updated_at'] as const;

/** SQL for questions and their answers. */
export class QuestionsRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /** Runs `fn` in one transaction with a repo bound to it. */
  async transaction<T>(fn: (repo: QuestionsRepo) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this);
    return this.db.transaction().execute((trx) => fn(new QuestionsRepo(trx, this.dialect)));
  }

  async list(accountId: number, q: { ids?: number[] | 'all'; search?: string | undefined; type?: string | undefined; sortBy?: 'id' | 'text' | 'type'; desc?: boolean; offset?: number; limit?: number }): Promise<{ rows: QuestionRow[]; total: number }> {
    let query = this.db.selectFrom('questions').where('account_id', '=', accountId);
    if (Array.isArray(q.ids)) query = query.where('id', 'in', q.ids.length > 0 ? q.ids : [0]);
    if (q.search) query = query.where(containsText(this.dialect, sql.ref('text'), q.search));
    if (q.type) query = query.where('type', '=', q.type);
    let rows = query.select(columns).orderBy(q.sortBy ?? 'id', q.desc ? 'desc' : 'asc').orderBy('id');
    if (q.limit !== undefined) rows = rows.limit(q.limit).offset(q.offset ?? 0);
    const [r, c] = await Promise.all([rows.execute(), query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()]);
    return { rows: r, total: Number(c.n) };
  }

  async answers(accountId: number, questionIds: number[]): Promise<AnswerRow[]> {
    if (questionIds.length === 0) return [];
    return this.db.selectFrom('question_answers').select(['id', 'question_id', 'text']).where('account_id', '=', accountId).where('question_id', 'in', questionIds).orderBy('id').execute();
  }

  async answersById(accountId: number, ids: number[]): Promise<AnswerRow[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('question_answers').select(['id', 'question_id', 'text']).where('account_id', '=', accountId).where('id', 'in', ids).execute();
  }

  async insert(accountId: number, input: { text: string; type: string }): Promise<number> {
    const at = nowIso();
    return (await this.db.insertInto('questions').values({ account_id: accountId, text: input.text, type: input.type, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow()).id;
  }

  async update(accountId: number, id: number, patch: { text?: string; type?: string }): Promise<void> {
    await this.db.updateTable('questions').set({ ...patch, updated_at: nowIso() }).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  async delete(accountId: number, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('service_questions').where('account_id', '=', accountId).where('question_id', 'in', ids).execute();
    await this.db.deleteFrom('question_answers').where('account_id', '=', accountId).where('question_id', 'in', ids).execute();
    await this.db.deleteFrom('questions').where('account_id', '=', accountId).where('id', 'in', ids).execute();
  }

  async insertAnswer(accountId: number, questionId: number, text: string): Promise<number> {
    return (await this.db.insertInto('question_answers').values({ account_id: accountId, question_id: questionId, text, created_at: nowIso() }).returning('id').executeTakeFirstOrThrow()).id;
  }

  async deleteAnswers(accountId: number, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('question_answers').where('account_id', '=', accountId).where('id', 'in', ids).execute();
  }

  /** Live services each question is attached to. */
  async liveServicesUsing(accountId: number, questionIds: number[]): Promise<{ question_id: number; service_id: number }[]> {
    if (questionIds.length === 0) return [];
    return this.db
      .selectFrom('service_questions as sq')
      .innerJoin('services as s', 's.id', 'sq.service_id')
      .select(['sq.question_id', 'sq.service_id'])
      .where('sq.account_id', '=', accountId)
      .where('sq.question_id', 'in', questionIds)
      .where('s.deleted_at', 'is', null)
      .orderBy('sq.service_id')
      .execute();
  }
}
