import type { Kysely } from 'kysely';
import type { DialectName } from '../../platform/db/database.js';
import { isoText, jsonTuples, jsonTuplesAgg } from '../../platform/db/dialect.js';
import type { Database } from '../../platform/db/schema.js';
import type { ScanFilter } from './scan-filter.js';
import type { ScansRepo } from './scans.repo.js';

/**
 * What an export reads of a scan, as a tuple (a batch comes as one JSON array, parsed once: no object per scan);
 * `exportScan` names the positions. Names come from `ScansRepo.namesOf`, once per export rather than joined on every row.
 */
export type ExportScanRow = readonly [id: number, serviceId: number, appUserId: number | null, deviceId: number | null, uploadId: number | null, value: string, response: string, status: number, scannedAt: string, receivedAt: string, modifiedAt: string];

/** The positions of an `ExportScanRow`. */
export const exportScan = { id: 0, serviceId: 1, appUserId: 2, deviceId: 3, uploadId: 4, value: 5, response: 6, status: 7, scannedAt: 8, receivedAt: 9, modifiedAt: 10 } as const;

/**
 * One batch of an export: its scans in id order, and when asked for (`ExportInclude`; none otherwise) their
 * answers as `[scan id, question id, answer]` in scan, question and position order, and their properties as
 * `[scan id, name, value]` in scan and name order.
 */
export type ExportBatch = {
  scans: readonly ExportScanRow[];
  answers: readonly (readonly [scanId: number, questionId: number, answer: string, position: number])[];
  properties: readonly (readonly [scanId: number, name: string, value: string])[];
};

/** Which answers and properties an export reads with its scans: all, only some questions or names, or none (left out). */
export type ExportInclude = { answers?: 'all' | number[] | undefined; properties?: 'all' | string[] | undefined };

/**
 * Whether a filter keeps fewer scans than all of the account's: any condition but "deleted services and users
 * included" (a condition added to `ScanFilter` later counts as narrowing, the safe side).
 */
function narrowsBeyondAccount(f: ScanFilter): boolean {
  for (const [key, value] of Object.entries(f)) {
    if (value === undefined) continue;
    if ((key === 'includeDeletedServices' || key === 'includeDeletedUsers') && value === true) continue;
    if (key === 'onlyRecent' && value === false) continue;
    return true;
  }
  return false;
}

/** Export tuples in id order (as they nearly always come already). */
function inIdOrder(scans: readonly ExportScanRow[]): readonly ExportScanRow[] {
  for (let i = 1; i < scans.length; i++) if (scans[i]![0] <= scans[i - 1]![0]) return [...scans].sort((x, y) => x[0] - y[0]);
  return scans;
}

/** An export batch's answers in scan, question and position order (the order they are read in; sorted should a database hand them otherwise). */
function inAnswerOrder(answers: ExportBatch['answers']): ExportBatch['answers'] {
  const before = (x: ExportBatch['answers'][number], y: ExportBatch['answers'][number]) => x[0] - y[0] || x[1] - y[1] || x[3] - y[3];
  for (let i = 1; i < answers.length; i++) if (before(answers[i - 1]!, answers[i]!) > 0) return [...answers].sort(before);
  return answers;
}

/** An export batch's properties grouped by scan, in scan id order (sorted should a database hand them otherwise). */
function inScanOrder(properties: ExportBatch['properties']): ExportBatch['properties'] {
  for (let i = 1; i < properties.length; i++) if (properties[i]![0] < properties[i - 1]![0]) return [...properties].sort((x, y) => x[0] - y[0]);
  return properties;
}

/** SQL of exports: matching scans in keyset batches with their answers and properties, and the columns they use. */
export class ScanExportRepo {
  private readonly db: Kysely<Database>;
  private readonly dialect: DialectName;

  /** Reads through `scans`'s connection (or transaction) and applies its filters. */
  constructor(private readonly scans: ScansRepo) {
    this.db = scans.handle();
    this.dialect = scans.dialect;
  }

  /**
   * Scans matching a filter for an export, oldest first, in keyset batches by id, with only the columns
   * exports write and no joins. Each of the three reads of a batch answers one value, a JSON array of tuples
   * (`jsonTuplesAgg`): the scans; with `include`, the answers and the properties of the whole batch, read over
   * the batch's id range (`scan_id BETWEEN first AND last`, the account's, only some questions or names when
   * given). When the filter keeps fewer scans than all of the account's, the range is also limited to the
   * scans matching it, so a scan in the range that the filter leaves out brings nothing. Three queries per
   * batch instead of two correlated subqueries per scan, and no object per row.
   */
  async *exportBatches(accountId: number, f: ScanFilter, include: ExportInclude = {}, batch = 2_000): AsyncGenerator<ExportBatch> {
    const filter = await this.scans.withoutIdleExclusions(accountId, f);
    const where = this.scans.filtered(accountId, filter);
    const { answers, properties } = include;
    const readAnswers = answers !== undefined && (answers === 'all' || answers.length > 0);
    const readProperties = properties !== undefined && (properties === 'all' || properties.length > 0);
    const narrowed = narrowsBeyondAccount(filter);
    const d = this.dialect;
    // The scans of a range that the filter keeps (asked only when it keeps fewer than all of the account's).
    const matching = (first: number, last: number) => this.db.selectFrom('scans').select('scans.id').where(where).where('scans.id', '>=', first).where('scans.id', '<=', last);
    let after = 0;
    for (;;) {
      const page = this.db
        .selectFrom('scans')
        .select(['scans.id', 'scans.service_id', 'scans.app_user_id', 'scans.device_id', 'scans.upload_id', 'scans.value', 'scans.response', 'scans.status', 'scans.scanned_at', 'scans.received_at', 'scans.modified_at'])
        .where(where)
        .where('scans.id', '>', after)
        .orderBy('scans.id')
        .limit(batch)
        .as('s');
      const read = await this.db
        .selectFrom(page)
        .select((eb) => jsonTuplesAgg(d, [eb.ref('s.id'), eb.ref('s.service_id'), eb.ref('s.app_user_id'), eb.ref('s.device_id'), eb.ref('s.upload_id'), eb.ref('s.value'), eb.ref('s.response'), eb.ref('s.status'), isoText(d, eb.ref('s.scanned_at')), isoText(d, eb.ref('s.received_at')), isoText(d, eb.ref('s.modified_at'))], []).as('j'))
        .executeTakeFirst();
      // Aggregated in the order the ordered page is read (a sort inside the aggregate cost SQLite a fifth of
      // this query); should a database hand them otherwise, they are sorted here.
      const scans = inIdOrder(jsonTuples<ExportScanRow>(read?.j));
      if (scans.length === 0) return;
      const first = scans[0]![0];
      const last = scans[scans.length - 1]![0];
      // Answers and properties are aggregated from ordered subqueries, as the scans are: their indexes give that
      // order, and an ORDER BY inside the aggregate made SQLite sort every batch again (a third of each query).
      const [answerRows, propertyRows] = await Promise.all([
        readAnswers
          ? this.db
              .selectFrom(
                this.db
                  .selectFrom('scan_answers')
                  .select(['scan_answers.scan_id', 'scan_answers.question_id', 'scan_answers.answer', 'scan_answers.position'])
                  .where('scan_answers.scan_id', '>=', first)
                  .where('scan_answers.scan_id', '<=', last)
                  .where('scan_answers.account_id', '=', accountId)
                  .$if(Array.isArray(answers), (q) => q.where('scan_answers.question_id', 'in', answers as number[]))
                  .$if(narrowed, (q) => q.where('scan_answers.scan_id', 'in', matching(first, last)))
                  .orderBy('scan_answers.scan_id')
                  .orderBy('scan_answers.question_id')
                  .orderBy('scan_answers.position')
                  .as('a'),
              )
              .select((eb) => jsonTuplesAgg(d, [eb.ref('a.scan_id'), eb.ref('a.question_id'), eb.ref('a.answer'), eb.ref('a.position')], []).as('j'))
              .executeTakeFirst()
          : undefined,
        readProperties
          ? this.db
              .selectFrom(
                this.db
                  .selectFrom('scan_properties')
                  .select(['scan_properties.scan_id', 'scan_properties.name', 'scan_properties.value'])
                  .where('scan_properties.scan_id', '>=', first)
                  .where('scan_properties.scan_id', '<=', last)
                  .where('scan_properties.account_id', '=', accountId)
                  .$if(Array.isArray(properties), (q) => q.where('scan_properties.name', 'in', properties as string[]))
                  .$if(narrowed, (q) => q.where('scan_properties.scan_id', 'in', matching(first, last)))
                  .orderBy('scan_properties.scan_id')
                  .orderBy('scan_properties.name')
                  .as('p'),
              )
              .select((eb) => jsonTuplesAgg(d, [eb.ref('p.scan_id'), eb.ref('p.name'), eb.ref('p.value')], []).as('j'))
              .executeTakeFirst()
          : undefined,
      ]);
      yield { scans, answers: inAnswerOrder(jsonTuples(answerRows?.j)), properties: inScanOrder(jsonTuples(propertyRows?.j)) };
      if (scans.length < batch) return;
      after = last;
    }
  }

  /** The questions answered and the property names used by scans matching a filter (export columns). */
  async columnsOf(accountId: number, f: ScanFilter): Promise<{ questions: { question_id: number; question_text: string }[]; properties: string[] }> {
    const where = this.scans.filtered(accountId, f);
    const [questions, properties] = await Promise.all([
      this.db.selectFrom('scan_answers as a').select(['a.question_id', (eb) => eb.fn.max('a.question_text').as('question_text')]).where('a.account_id', '=', accountId).where('a.scan_id', 'in', this.db.selectFrom('scans').select('scans.id').where(where)).groupBy('a.question_id').orderBy('a.question_id').execute(),
      this.db.selectFrom('scan_properties as p').select('p.name').distinct().where('p.account_id', '=', accountId).where('p.scan_id', 'in', this.db.selectFrom('scans').select('scans.id').where(where)).orderBy('p.name').execute(),
    ]);
    return { questions: questions.map((q) => ({ question_id: q.question_id, question_text: q.question_text ?? '' })), properties: properties.map((p) => p.name) };
  }
}
