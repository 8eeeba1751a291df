import { sql, type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { DialectName } from '../../platform/db/database.js';
import { byteOrder, containsText, indexPendingSubstrings, timestampType, jsonArrayRows, jsonRows, jsonRowsOf, lockForUpdate, lowerEquals, pendingSubstringRows, substringMatch } from '../../platform/db/dialect.js';
import { prepared } from '../../platform/db/prepared.js';
import type { ScanFilter, ScanSort, SortKey, TextMatch } from './scan-filter.js';
import type { Database, ScansTable } from '../../platform/db/schema.js';

export type ScanRecord = Selectable<ScansTable>;

/** What capture needs to know about a service, read in one query. */
export type CaptureServiceRow = {
  id: number;
  name: string;
  validation_method: string;
  database_id: number | null;
  postback_url: string;
  description: string;
  duplicate_value: number;
  settings: string;
  deleted_at: string | null;
  case_sensitive: number | null;
  permitted: number;
  timezone: string | null;
  specialized_type: string | null;
  type_settings: string;
};

export type ServiceQuestionInfo = { question_id: number; condition: string; required: number; position: number; text: string; type: string };

/** What an online scan or an uploaded one needs before it is judged, read in one query. */
export type CaptureRead = { service: CaptureServiceRow; questions: ServiceQuestionInfo[]; earlierScanId: number | null };
export type NewAnswer = { questionId: number; questionText: string; position: number; answer: string; fileKey: string | null };
export type NewScan = {
  serviceId: number;
  appUserId: number | null;
  deviceId: number | null;
  uploadId: number | null;
  value: string;
  response: string;
  status: number;
  dbValueId: number | null;
  clientScanId: string | null;
  scannedAt: string;
  receivedAt: string;
  answers: NewAnswer[];
  properties: [string, string][];
};

/** A scan row joined with the names administrators read. */
export type ScanListRow = ScanRecord & { service_name: string; service_deleted_at: string | null; user_name: string | null; user_deleted_at: string | null; device_name: string | null };

const scanColumns = ['id', 'account_id', 'service_id', 'app_user_id', 'device_id', 'upload_id', 'value', 'response', 'status', 'db_value_id', 'client_scan_id', 'scanned_at', 'received_at', 'modified_at'] as const;

type ScansEb = ExpressionBuilder<Database, 'scans'>;

const sortColumns = {
  barcode: 'scans.value', device_name: 'd.name', device_id: 'scans.device_id', response: 'scans.response', scan_id: 'scans.id', service_id: 'scans.service_id', service_name: 'sv.name',
  status: 'scans.status', timestamp: 'scans.scanned_at', timestamp_received: 'scans.received_at', timestamp_modified: 'scans.modified_at', user_id: 'scans.app_user_id', user_name: 'u.username',
} as const;
/** Sort keys that need the joined names (service, user, device). */
const joinedSortKeyList = ['service_name', 'user_name', 'device_name'] as const satisfies readonly SortKey[];
const joinedSortKeys = new Set<SortKey>(joinedSortKeyList);

/** Sort keys on `scans` itself (no joined names). */
export type OwnSortKey = Exclude<SortKey, (typeof joinedSortKeyList)[number]>;

/** Whether a sort key is a column of `scans` itself. */
export function isOwnSortKey(key: SortKey): key is OwnSortKey {
  return !joinedSortKeys.has(key);
}

/** Keyset paging by scan id: `fetch` answers up to `batch` rows with an id above `after`, in id order. */
async function* byIdBatches<T extends { id: number }>(batch: number, fetch: (after: number) => Promise<T[]>): AsyncGenerator<T[]> {
  let after = 0;
  for (;;) {
    const rows = await fetch(after);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batch) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** Removes stored files (photos, signatures) whose answers were deleted with their scans. */
export type ScanFileRemover = (keys: string[]) => Promise<void>;

/** The service a scan is for, with its database's case rule, whether the app user may use it, and the account's time zone. */
function captureServiceQuery(db: Kysely<Database>, accountId: number, serviceId: number, appUserId: number) {
  return db
    .selectFrom('services as s')
    .leftJoin('databases as d', (j) => j.onRef('d.id', '=', 's.database_id').on('d.account_id', '=', accountId))
    .select(['s.id', 's.name', 's.validation_method', 's.database_id', 's.postback_url', 's.description', 's.duplicate_value', 's.settings', 's.deleted_at', 'd.case_sensitive', 's.specialized_type', 's.type_settings'])
    .select((eb) => [
      eb
        .case()
        .when(eb.exists(eb.selectFrom('service_users as su').select('su.app_user_id').whereRef('su.service_id', '=', 's.id').where('su.app_user_id', '=', appUserId)))
        .then(1)
        .when(eb.exists(eb.selectFrom('app_users as au').select('au.id').where('au.id', '=', appUserId).where('au.account_id', '=', accountId).where('au.is_owner', '=', 1)))
        .then(1)
        .else(0)
        .end()
        .as('permitted'),
      eb.selectFrom('admins as a').select('a.timezone').where('a.account_id', '=', accountId).orderBy('a.id').limit(1).as('timezone'),
    ])
    .where('s.account_id', '=', accountId)
    .where('s.id', '=', serviceId);
}

/** The questions of a service in their order, with text and type. */
function serviceQuestionsQuery(db: Kysely<Database>, accountId: number, serviceId: number) {
  return db
    .selectFrom('service_questions as sq')
    .innerJoin('questions as q', 'q.id', 'sq.question_id')
    .select(['sq.question_id', 'sq.condition', 'sq.required', 'sq.position', 'q.text', 'q.type'])
    .where('sq.account_id', '=', accountId)
    .where('sq.service_id', '=', serviceId)
    .orderBy('sq.position');
}

/**
 * The statements of the capture path, built and compiled once per database (`prepared`): a scan runs
 * about six, and building each with Kysely cost more than running it.
 */
/** Sets a property on scans of the account (insert or new value), each row with its scan's time (`scan_properties.scanned_at`). */
export async function upsertScanProperty(db: Kysely<Database>, accountId: number, scanIds: number[], name: string, value: string): Promise<void> {
  if (scanIds.length === 0) return;
  await db
    .insertInto('scan_properties')
    .columns(['account_id', 'scan_id', 'name', 'value', 'scanned_at'])
    .expression(
      db
        .selectFrom('scans')
        .select(['scans.account_id', 'scans.id', sql<string>`CAST(${name} AS text)`.as('name'), sql<string>`CAST(${value} AS text)`.as('value'), 'scans.scanned_at'])
        .where('scans.account_id', '=', accountId)
        .where('scans.id', 'in', scanIds),
    )
    .onConflict((oc) => oc.columns(['scan_id', 'name']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute();
}

/**
 * The property, value and scanned-time window of a filter that is one exact property match and nothing else
 * (besides leaving out deleted services and users), which `scan_properties_time_idx` answers alone.
 */
function propertyMatchOnly(f: ScanFilter): { name: string; value: string; from: string | undefined; to: string | undefined } | undefined {
  const answered = new Set(['withProperties', 'includeDeletedServices', 'includeDeletedUsers', 'timeFields', 'from', 'to']);
  if (Object.entries(f).some(([key, v]) => v !== undefined && !answered.has(key))) return undefined;
  const [only, ...more] = f.withProperties ?? [];
  if (!only || more.length > 0) return undefined;
  const timed = f.from !== undefined || f.to !== undefined;
  if (timed && f.timeFields && f.timeFields.some((t) => t !== 'scanned_at')) return undefined;
  return { name: only[0], value: only[1], from: f.from, to: f.to };
}

function captureStatements(dialect: DialectName) {
  type Scan = { accountId: number; serviceId: number; appUserId: number | null; deviceId: number | null; uploadId: number | null; value: string; response: string; status: number; dbValueId: number | null; clientScanId: string | null; scannedAt: string; receivedAt: string };
  const firstValid = (device: boolean) =>
    prepared<{ serviceId: number; dbValueId: number; deviceId: number }, { scanned_at: string; user_name: string | null }>((db, p) => {
      let q = db
        .selectFrom('scans as s')
        .leftJoin('app_users as u', 'u.id', 's.app_user_id')
        .select(['s.scanned_at', 'u.username as user_name'])
        .where('s.service_id', '=', p('serviceId'))
        .where('s.db_value_id', '=', p('dbValueId'))
        .where('s.status', '=', 1);
      if (device) q = q.where('s.device_id', '=', p('deviceId'));
      return q.orderBy('s.id').limit(1);
    });
  // Conditional limits: the (account, value) index finds the value's scans; the service and status are checked on those few rows.
  const countValid = (since: boolean) =>
    prepared<{ accountId: number; serviceId: number; value: string; since: string }, { n: number }>((db, p) => {
      let q = db.selectFrom('scans').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', p('accountId')).where('value', '=', p('value')).where('service_id', '=', p('serviceId')).where('status', '=', 1);
      if (since) q = q.where('scanned_at', '>=', p('since'));
      return q;
    });
  const dbValue = (lock: boolean) =>
    prepared<{ accountId: number; databaseId: number; key: string }, { id: number; response: string; validity: number }>((db, p) => {
      const q = db.selectFrom('db_values').select(['id', 'response', 'validity']).where('database_id', '=', p('databaseId')).where('value_key', '=', p('key')).where('account_id', '=', p('accountId'));
      return lock ? lockForUpdate(dialect, q) : q;
    });
  return {
    read: prepared<{ accountId: number; serviceId: number; appUserId: number; clientScanId: string }, CaptureServiceRow & { earlier_id: number | null; questions: unknown }>((db, p) =>
      captureServiceQuery(db, p('accountId'), p('serviceId'), p('appUserId')).select((eb) => [
        eb.selectFrom('scans as e').select('e.id').where('e.account_id', '=', p('accountId')).where('e.client_scan_id', '=', p('clientScanId')).as('earlier_id'),
        jsonRowsOf(dialect, serviceQuestionsQuery(db, p('accountId'), p('serviceId'))).as('questions'),
      ]),
    ),
    dbValue: dbValue(false),
    lockedDbValue: dbValue(true),
    firstValid: firstValid(false),
    firstValidOnDevice: firstValid(true),
    countValid: countValid(false),
    countValidSince: countValid(true),
    // A scan whose client scan id is stored already inserts nothing (the caller answers the stored one).
    insert: prepared<Scan, { id: number }>((db, p) =>
      db
        .insertInto('scans')
        .values({
          account_id: p('accountId'), service_id: p('serviceId'), app_user_id: p('appUserId'), device_id: p('deviceId'), upload_id: p('uploadId'), value: p('value'), response: p('response'), status: p('status'),
          db_value_id: p('dbValueId'), client_scan_id: p('clientScanId'), scanned_at: p('scannedAt'), received_at: p('receivedAt'), modified_at: p('receivedAt'),
        })
        .onConflict((oc) => oc.columns(['account_id', 'client_scan_id']).where('client_scan_id', 'is not', null).doNothing())
        .returning('id'),
    ),
    // Any number of properties in one statement of four parameters (the rows as one JSON array), each with the scan's time.
    properties: prepared<{ accountId: number; scanId: number; scannedAt: string; rows: string }, never>(
      (_db, p) =>
        sql<never>`INSERT INTO scan_properties (account_id, scan_id, name, value, scanned_at) SELECT CAST(${p('accountId')} AS integer), CAST(${p('scanId')} AS integer), j.value ->> 0, j.value ->> 1, CAST(${p('scannedAt')} AS ${sql.raw(timestampType(dialect))}) FROM ${jsonArrayRows(dialect, p('rows'), 'j')} WHERE true`,
    ),
  };
}
type CaptureStatements = ReturnType<typeof captureStatements>;

/** SQL for scans, their answers and properties, and uploads. Capture reads what it needs in as few queries as it can. */
export class ScansRepo {
  /**
   * `removeFiles` is called with the file keys of deleted scans once the deletion is committed
   * (every caller of `deleteScans`, the legacy API included, gets it). `pendingFiles` collects
   * them inside a transaction.
   */
  constructor(
    private readonly db: Kysely<Database>,
    readonly dialect: DialectName,
    private readonly removeFiles?: ScanFileRemover,
    private readonly pendingFiles?: string[],
    private readonly stmts: CaptureStatements = captureStatements(dialect),
  ) {}

  /** The database handle this repo runs on (in a transaction: that transaction), for a specialized type's repository to share it. */
  handle(): Kysely<Database> {
    return this.db;
  }

  /** Runs `fn` in one transaction with a repo bound to it; files of scans it deleted are removed after the commit. */
  async transaction<T>(fn: (repo: ScansRepo) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this);
    const pending: string[] = [];
    const result = await this.db.transaction().execute((trx) => fn(new ScansRepo(trx, this.dialect, this.removeFiles, pending, this.stmts)));
    await this.releaseFiles(pending);
    return result;
  }

  /** Hands file keys to the remover; its failure leaves files behind but must not undo or fail a committed deletion. */
  private async releaseFiles(keys: string[]): Promise<void> {
    if (keys.length === 0 || !this.removeFiles) return;
    await this.removeFiles(keys).catch(() => undefined);
  }

  /** The service (live or deleted), its database's case rule, whether this app user may use it, and the account's time zone. */
  async captureService(accountId: number, serviceId: number, appUserId: number): Promise<CaptureServiceRow | undefined> {
    return captureServiceQuery(this.db, accountId, serviceId, appUserId).executeTakeFirst();
  }

  /** `captureService`, the service's questions, and the scan already stored under this client scan id (a retry), in one query. */
  async captureRead(accountId: number, serviceId: number, appUserId: number, clientScanId: string): Promise<CaptureRead | undefined> {
    const [row] = await this.stmts.read(this.db, { accountId, serviceId, appUserId, clientScanId });
    if (!row) return undefined;
    const { earlier_id, questions, ...service } = row;
    return { service, questions: jsonRows<ServiceQuestionInfo>(questions).sort((a, b) => a.position - b.position), earlierScanId: earlier_id };
  }

  /** The questions of a service in their order, with text and type. */
  async serviceQuestions(accountId: number, serviceId: number): Promise<ServiceQuestionInfo[]> {
    return serviceQuestionsQuery(this.db, accountId, serviceId).execute();
  }

  /** The answer choices of questions. */
  async answerChoices(accountId: number, questionIds: number[]): Promise<{ question_id: number; text: string }[]> {
    if (questionIds.length === 0) return [];
    return this.db.selectFrom('question_answers').select(['question_id', 'text']).where('account_id', '=', accountId).where('question_id', 'in', questionIds).orderBy('id').execute();
  }

  /**
   * A database value by its key. `lock` holds the row until the transaction ends, so two gates scanning the
   * same ticket at once cannot both be judged valid.
   */
  async findDbValue(accountId: number, databaseId: number, key: string, lock: boolean): Promise<{ id: number; response: string; validity: number } | undefined> {
    return (await (lock ? this.stmts.lockedDbValue : this.stmts.dbValue)(this.db, { accountId, databaseId, key }))[0];
  }

  /** The first valid scan of a database value in a service (optionally from one device): the duplicate it would be. */
  async firstValidScan(serviceId: number, dbValueId: number, deviceId?: number): Promise<{ scanned_at: string; user_name: string | null } | undefined> {
    const rows = deviceId === undefined ? await this.stmts.firstValid(this.db, { serviceId, dbValueId, deviceId: 0 }) : await this.stmts.firstValidOnDevice(this.db, { serviceId, dbValueId, deviceId });
    return rows[0];
  }

  /** How many valid scans of a value a service has since a time (conditional limits). */
  async countValid(accountId: number, serviceId: number, value: string, since: string | null): Promise<number> {
    const rows = since === null ? await this.stmts.countValid(this.db, { accountId, serviceId, value, since: '' }) : await this.stmts.countValidSince(this.db, { accountId, serviceId, value, since });
    return Number(rows[0]?.n ?? 0);
  }

  async findByClientId(accountId: number, clientScanId: string): Promise<ScanRecord | undefined> {
    return this.db.selectFrom('scans').select(scanColumns).where('account_id', '=', accountId).where('client_scan_id', '=', clientScanId).executeTakeFirst();
  }

  async get(accountId: number, id: number): Promise<ScanRecord | undefined> {
    return this.db.selectFrom('scans').select(scanColumns).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  /**
   * Stores a scan with its answers and properties (call inside a transaction); answers its id, or
   * undefined when a scan with the same client scan id is stored already (nothing is written then).
   */
  async insert(accountId: number, s: NewScan): Promise<number | undefined> {
    const [row] = await this.stmts.insert(this.db, {
      accountId, serviceId: s.serviceId, appUserId: s.appUserId, deviceId: s.deviceId, uploadId: s.uploadId, value: s.value, response: s.response, status: s.status,
      dbValueId: s.dbValueId, clientScanId: s.clientScanId, scannedAt: s.scannedAt, receivedAt: s.receivedAt,
    });
    if (!row) return undefined;
    await this.insertAnswers(accountId, row.id, s.answers);
    if (s.properties.length > 0) await this.stmts.properties(this.db, { accountId, scanId: row.id, scannedAt: s.scannedAt, rows: JSON.stringify(s.properties) });
    return row.id;
  }

  /** Scans stored since the substring index of values was last fed (SQLite; always 0 on PostgreSQL). */
  async unindexedValues(): Promise<number> {
    return pendingSubstringRows(this.db, this.dialect, 'scans');
  }

  /** Feeds the substring index of values with up to `limit` scans stored since its last batch (call inside a transaction); answers how many ids it covered. */
  async indexPendingValues(limit: number): Promise<number> {
    return indexPendingSubstrings(this.db, this.dialect, 'scans', limit);
  }

  private async insertAnswers(accountId: number, scanId: number, answers: NewAnswer[]): Promise<void> {
    if (answers.length === 0) return;
    await this.db
      .insertInto('scan_answers')
      .values(answers.map((a) => ({ account_id: accountId, scan_id: scanId, question_id: a.questionId, question_text: a.questionText, position: a.position, answer: a.answer, file_key: a.fileKey })))
      .execute();
  }

  /** Replaces the answers of the given questions on a scan (answers given after the result). */
  async replaceAnswers(accountId: number, scanId: number, answers: NewAnswer[], modifiedAt: string): Promise<void> {
    const questionIds = [...new Set(answers.map((a) => a.questionId))];
    await this.db.deleteFrom('scan_answers').where('account_id', '=', accountId).where('scan_id', '=', scanId).where('question_id', 'in', questionIds).execute();
    await this.insertAnswers(accountId, scanId, answers);
    await this.db.updateTable('scans').set({ modified_at: modifiedAt }).where('account_id', '=', accountId).where('id', '=', scanId).execute();
  }

  /** Sets the result of a scan (a postback that answered on a later attempt). */
  async setResult(accountId: number, scanId: number, status: number, response: string, modifiedAt: string): Promise<void> {
    await this.db.updateTable('scans').set({ status, response, modified_at: modifiedAt }).where('account_id', '=', accountId).where('id', '=', scanId).execute();
  }

  async answersOf(accountId: number, scanIds: number[]): Promise<{ id: number; scan_id: number; question_id: number; question_text: string; position: number; answer: string; file_key: string | null }[]> {
    if (scanIds.length === 0) return [];
    return this.db
      .selectFrom('scan_answers')
      .select(['id', 'scan_id', 'question_id', 'question_text', 'position', 'answer', 'file_key'])
      .where('account_id', '=', accountId)
      .where('scan_id', 'in', scanIds)
      .orderBy('scan_id')
      .orderBy('id')
      .execute();
  }

  async propertiesOf(accountId: number, scanIds: number[]): Promise<{ scan_id: number; name: string; value: string }[]> {
    if (scanIds.length === 0) return [];
    return this.db.selectFrom('scan_properties').select(['scan_id', 'name', 'value']).where('account_id', '=', accountId).where('scan_id', 'in', scanIds).orderBy('scan_id').orderBy('name').execute();
  }

  /** The device's udid (postbacks send it). */
  async deviceUdid(accountId: number, deviceId: number): Promise<string | undefined> {
    return (await this.db.selectFrom('devices').select('udid').where('account_id', '=', accountId).where('id', '=', deviceId).executeTakeFirst())?.udid;
  }

  async insertUpload(accountId: number, u: { serviceId: number; appUserId: number | null; deviceId: number | null; createdAt: string }): Promise<number> {
    const row = await this.db
      .insertInto('uploads')
      .values({ account_id: accountId, service_id: u.serviceId, app_user_id: u.appUserId, device_id: u.deviceId, status: 1, count: 0, created_at: u.createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Counts the scans that arrived in an upload. */
  async refreshUploadCount(accountId: number, uploadId: number): Promise<void> {
    await sql`UPDATE uploads SET count = (SELECT COUNT(*) FROM scans WHERE scans.upload_id = ${uploadId}) WHERE id = ${uploadId} AND account_id = ${accountId}`.execute(this.db);
  }

  /** Scans joined with the names administrators read (service, user, device). */
  private joined() {
    return this.db
      .selectFrom('scans')
      .innerJoin('services as sv', 'sv.id', 'scans.service_id')
      .leftJoin('app_users as u', 'u.id', 'scans.app_user_id')
      .leftJoin('devices as d', 'd.id', 'scans.device_id')
      .select(scanColumns.map((c) => `scans.${c}` as const))
      .select(['sv.name as service_name', 'sv.deleted_at as service_deleted_at', 'u.username as user_name', 'u.deleted_at as user_deleted_at', 'd.name as device_name']);
  }

  /** The scans that arrived in an upload, oldest first, with names. */
  async scansOfUpload(accountId: number, uploadId: number): Promise<ScanListRow[]> {
    return this.joined().where('scans.account_id', '=', accountId).where('scans.upload_id', '=', uploadId).orderBy('scans.id').execute();
  }

  /** The newest scans with service, user and device names; `afterId` keeps only newer ones. */
  async recent(accountId: number, q: { limit: number; serviceId?: number | undefined; afterId?: number | undefined }): Promise<ScanListRow[]> {
    let query = this.joined().where('scans.account_id', '=', accountId);
    if (q.serviceId !== undefined) query = query.where('scans.service_id', '=', q.serviceId);
    if (q.afterId !== undefined) query = query.where('scans.id', '>', q.afterId);
    return query.orderBy('scans.id', 'desc').limit(q.limit).execute();
  }

  private textMatch(eb: ScansEb, column: Expression<string>, m: TextMatch, indexed: boolean): Expression<SqlBool> {
    if (m.exact) return m.caseInsensitive ? lowerEquals(this.dialect, column, m.text) : eb(column, '=', m.text);
    const contains = indexed ? substringMatch(this.dialect, 'scans', 'value', m.text) : containsText(this.dialect, column, m.text);
    if (m.caseInsensitive) return contains;
    const strpos = this.dialect === 'postgres' ? sql<number>`strpos(${column}, ${m.text})` : sql<number>`instr(${column}, ${m.text})`;
    return eb.and([contains, eb(strpos, '>', 0)]);
  }

  /**
   * The WHERE of a scan search, for any query on the unaliased `scans` table (statistics, the map and the
   * gallery apply it too, so every screen filters alike); it reads only `scans` and subqueries, so counting needs no joins.
   */
  filtered(accountId: number, f: ScanFilter) {
    return (eb: ScansEb): Expression<SqlBool> => {
      const and: Expression<SqlBool>[] = [eb('scans.account_id', '=', accountId)];
      const inList = (col: 'scans.id' | 'scans.service_id' | 'scans.app_user_id' | 'scans.device_id' | 'scans.upload_id' | 'scans.status', ids: number[] | undefined) => {
        if (ids) and.push(eb(col, 'in', ids.length > 0 ? ids : [-2]));
      };
      inList('scans.id', f.scanIds);
      inList('scans.service_id', f.serviceIds);
      if (f.serviceTypes) and.push(eb('scans.service_id', 'in', eb.selectFrom('services').select('services.id').where('services.account_id', '=', accountId).where('services.validation_method', 'in', f.serviceTypes.length > 0 ? f.serviceTypes : ['-'])));
      inList('scans.app_user_id', f.userIds);
      inList('scans.device_id', f.deviceIds);
      inList('scans.upload_id', f.uploadIds);
      inList('scans.status', f.statuses);
      if (!f.includeDeletedServices) and.push(eb('scans.service_id', 'not in', eb.selectFrom('services').select('services.id').where('services.account_id', '=', accountId).where('services.deleted_at', 'is not', null)));
      if (!f.includeDeletedUsers) {
        and.push(eb.or([eb('scans.app_user_id', 'is', null), eb('scans.app_user_id', 'not in', eb.selectFrom('app_users').select('app_users.id').where('app_users.account_id', '=', accountId).where('app_users.deleted_at', 'is not', null))]));
      }
      if (f.value) and.push(this.textMatch(eb, eb.ref('scans.value'), f.value, true));
      if (f.response) and.push(this.textMatch(eb, eb.ref('scans.response'), f.response, false));
      const answerMatch = (m: TextMatch) =>
        eb.exists(eb.selectFrom('scan_answers as a').select('a.id').whereRef('a.scan_id', '=', 'scans.id').where((e) => this.textMatch(e as unknown as ScansEb, e.ref('a.answer'), m, false)));
      if (f.answer) and.push(answerMatch(f.answer));
      if (f.keyword) {
        const m = { text: f.keyword, exact: false, caseInsensitive: true };
        and.push(eb.or([this.textMatch(eb, eb.ref('scans.value'), m, true), this.textMatch(eb, eb.ref('scans.response'), m, false), answerMatch(m)]));
      }
      if (f.from !== undefined || f.to !== undefined) {
        const fields = f.timeFields && f.timeFields.length > 0 ? f.timeFields : (['scanned_at'] as const);
        and.push(
          eb.or(
            fields.map((field) => {
              const parts: Expression<SqlBool>[] = [];
              if (f.from !== undefined) parts.push(eb(`scans.${field}`, '>=', f.from));
              if (f.to !== undefined) parts.push(eb(`scans.${field}`, '<=', f.to));
              return eb.and(parts);
            }),
          ),
        );
      }
      const prop = (name: string, value?: string) => {
        let q = eb.selectFrom('scan_properties as p').select('p.scan_id').whereRef('p.scan_id', '=', 'scans.id').where('p.name', '=', name);
        if (value !== undefined) q = q.where('p.value', '=', value);
        return q;
      };
      // An exact property match is selective: drive from the (account, name, value) index instead of probing every scan.
      for (const [name, value] of f.withProperties ?? []) {
        and.push(eb('scans.id', 'in', eb.selectFrom('scan_properties as p').select('p.scan_id').where('p.account_id', '=', accountId).where('p.name', '=', name).where('p.value', '=', value)));
      }
      for (const [name, value] of f.withoutProperties ?? []) and.push(eb.not(eb.exists(prop(name, value))));
      for (const name of f.includeProperties ?? []) and.push(eb.exists(prop(name)));
      for (const name of f.excludeProperties ?? []) and.push(eb.not(eb.exists(prop(name))));
      if (f.property) {
        const p = f.property;
        let q = eb.selectFrom('scan_properties as p').select('p.scan_id').whereRef('p.scan_id', '=', 'scans.id');
        if (p.name) q = q.where('p.name', '=', p.name);
        q = q.where((e) => (p.exact ? e('p.value', '=', p.value) : containsText(this.dialect, e.ref('p.value'), p.value)));
        and.push(eb.exists(q));
      }
      if (f.modifiedDiff) {
        const edge = new Date(Date.now() - f.modifiedDiff.ms).toISOString();
        and.push(eb('scans.modified_at', f.modifiedDiff.op === '>' ? '<' : '>', edge));
      }
      if (f.onlyRecent) {
        and.push(eb.not(eb.exists(eb.selectFrom('scans as later').select('later.id').whereRef('later.account_id', '=', 'scans.account_id').whereRef('later.value', '=', 'scans.value').whereRef('later.id', '>', 'scans.id'))));
      }
      return eb.and(and);
    };
  }

  /**
   * The filter without its "leave out deleted services / users" clauses when the account has none deleted:
   * those clauses make every count read each scan row instead of the account index alone.
   */
  async withoutIdleExclusions(accountId: number, f: ScanFilter): Promise<ScanFilter> {
    if (f.includeDeletedServices && f.includeDeletedUsers) return f;
    const [services, users] = await Promise.all([
      f.includeDeletedServices ? undefined : this.db.selectFrom('services').select('id').where('account_id', '=', accountId).where('deleted_at', 'is not', null).limit(1).executeTakeFirst(),
      f.includeDeletedUsers ? undefined : this.db.selectFrom('app_users').select('id').where('account_id', '=', accountId).where('deleted_at', 'is not', null).limit(1).executeTakeFirst(),
    ]);
    return { ...f, includeDeletedServices: f.includeDeletedServices === true || services === undefined, includeDeletedUsers: f.includeDeletedUsers === true || users === undefined };
  }

  /**
   * A page of the first `cap + 1` matches of a filter, sorted by a key of `scans` itself (then id, the same way),
   * and how many matches that first read found (`matched`; undefined when the page is past them). The matches are
   * read in a subquery with a LIMIT and no order, so the database takes its cheapest path to them (the trigram or
   * property index) and sorts only those. `matched` = cap + 1 means there are more: the page is then not the real one.
   */
  async pageOfFirstMatches(accountId: number, f: ScanFilter, sort: { key: OwnSortKey; desc: boolean }, page: { limit: number; offset: number }, cap: number): Promise<{ ids: number[]; matched: number | undefined }> {
    const where = this.filtered(accountId, await this.withoutIdleExclusions(accountId, f));
    const dir = sort.desc ? 'desc' : 'asc';
    // The capped matches are read once into a materialized CTE that the page and the count both read, in place of
    // a window count(*) over () computed over every match before the sort (measured slower on both databases).
    const rows = await this.db
      .with(
        (cte) => cte('m').materialized(),
        (db) => db.selectFrom('scans').select(['scans.id', sql.ref(sortColumns[sort.key]).as('k')]).where(where).limit(cap + 1),
      )
      .selectFrom('m')
      .select(['m.id', (eb) => eb.selectFrom('m').select((c) => c.fn.countAll<number>().as('n')).as('n')])
      .orderBy(sql.ref('m.k'), dir)
      .orderBy('m.id', dir)
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return { ids: rows.map((r) => r.id), matched: rows.length > 0 ? Number(rows[0]!.n) : undefined };
  }

  /**
   * A page of one exact property match ("name = value", optionally a scanned-time window), sorted by scanned time
   * or id, and how many match (up to `cap + 1`; all of them without a cap). The ids come out of
   * `scan_properties_time_idx (account, name, value, scanned_at, scan)` already in order, so only the page's scans
   * are read: sorting by `scans.scanned_at` read the time of every match first. Undefined when the filter or the
   * sort asks for anything else (the caller takes the general path).
   */
  async pageOfPropertyMatches(accountId: number, f: ScanFilter, sort: { key: OwnSortKey; desc: boolean }, page: { limit: number; offset: number }, cap: number | undefined): Promise<{ ids: number[]; matched: number } | undefined> {
    const match = propertyMatchOnly(f);
    if (!match || (sort.key !== 'timestamp' && sort.key !== 'scan_id')) return undefined;
    const { includeDeletedServices, includeDeletedUsers } = await this.withoutIdleExclusions(accountId, f);
    const exclusions = { includeDeletedServices, includeDeletedUsers };
    const dir = sort.desc ? 'desc' : 'asc';
    const matches = this.db
      .selectFrom('scan_properties as p')
      .select('p.scan_id')
      .where('p.account_id', '=', accountId)
      .where('p.name', '=', match.name)
      .where('p.value', '=', match.value)
      .$if(match.from !== undefined, (q) => q.where('p.scanned_at', '>=', match.from!))
      .$if(match.to !== undefined, (q) => q.where('p.scanned_at', '<=', match.to!))
      // Scans of deleted services or users: each match in index order is checked on its scan, the way the general path filters `scans`.
      .$if(!(includeDeletedServices && includeDeletedUsers), (q) =>
        q.where((eb) => eb.exists(this.db.selectFrom('scans').select('scans.id').where('scans.id', '=', eb.ref('p.scan_id')).where(this.filtered(accountId, exclusions)))),
      );
    const ids = await matches
      .orderBy(sort.key === 'timestamp' ? 'p.scanned_at' : 'p.scan_id', dir)
      .orderBy('p.scan_id', dir)
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    const counted = await this.db
      .selectFrom(cap === undefined ? matches.as('m') : matches.limit(cap + 1).as('m'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { ids: ids.map((r) => r.scan_id), matched: Number(counted.n) };
  }

  /** The scans with these ids (of this account), with names, in the order of `ids`. */
  async rowsByIds(accountId: number, ids: number[]): Promise<ScanListRow[]> {
    if (ids.length === 0) return [];
    const byId = new Map((await this.joined().where('scans.account_id', '=', accountId).where('scans.id', 'in', ids).execute()).map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** A page of scans matching a filter, with names; `countLimit` caps the count (answers -1 when skipped). */
  async search(accountId: number, f: ScanFilter, sort: ScanSort, page: { limit: number; offset: number }, count: boolean): Promise<{ rows: ScanListRow[]; total: number }> {
    const where = this.filtered(accountId, await this.withoutIdleExclusions(accountId, f));
    const order = sort.length > 0 ? sort : [{ key: 'scan_id' as const, desc: true }];
    const tieDesc = order[0]?.desc ? 'desc' : 'asc';
    const counted = count ? this.db.selectFrom('scans').select((eb) => eb.fn.countAll<number>().as('n')).where(where).executeTakeFirstOrThrow() : Promise.resolve({ n: -1 });
    let list: Promise<ScanListRow[]>;
    if (order.some((o) => joinedSortKeys.has(o.key))) {
      let rows = this.joined().where(where);
      for (const o of order) rows = rows.orderBy(sortColumns[o.key], o.desc ? 'desc' : 'asc');
      list = rows.orderBy('scans.id', tieDesc).limit(page.limit).offset(page.offset).execute();
    } else {
      // Page the ids on `scans` alone, then join names for those rows only: with a selective filter the
      // database otherwise joins every match before sorting and keeping 50.
      let ids = this.db.selectFrom('scans').select('scans.id').where(where);
      for (const o of order) ids = ids.orderBy(sortColumns[o.key] as `scans.${string}` & (typeof sortColumns)[keyof typeof sortColumns], o.desc ? 'desc' : 'asc');
      list = ids
        .orderBy('scans.id', tieDesc)
        .limit(page.limit)
        .offset(page.offset)
        .execute()
        .then((found) => this.rowsByIds(accountId, found.map((r) => r.id)));
    }
    const [rows, total] = await Promise.all([list, counted]);
    return { rows, total: Number(total.n) };
  }

  /** Every scan matching a filter, oldest first, in batches by id (exports: memory stays flat at any size). */
  async *iterate(accountId: number, f: ScanFilter, batch = 2_000): AsyncGenerator<ScanListRow[]> {
    yield* byIdBatches(batch, (after) => this.joined().where(this.filtered(accountId, f)).where('scans.id', '>', after).orderBy('scans.id').limit(batch).execute());
  }

  /** Names of services, app users and devices of the account by id (deleted ones too). */
  async namesOf(accountId: number, ids: { services: number[]; users: number[]; devices: number[] }): Promise<{ services: { id: number; name: string }[]; users: { id: number; name: string }[]; devices: { id: number; name: string }[] }> {
    const [services, users, devices] = await Promise.all([
      ids.services.length > 0 ? this.db.selectFrom('services').select(['id', 'name']).where('account_id', '=', accountId).where('id', 'in', ids.services).execute() : [],
      ids.users.length > 0 ? this.db.selectFrom('app_users').select(['id', 'username as name']).where('account_id', '=', accountId).where('id', 'in', ids.users).execute() : [],
      ids.devices.length > 0 ? this.db.selectFrom('devices').select(['id', 'name']).where('account_id', '=', accountId).where('id', 'in', ids.devices).execute() : [],
    ]);
    return { services, users, devices };
  }

  /** The ids of up to `limit` scans matching a filter (bulk removal works through them in batches). */
  async idsMatching(accountId: number, f: ScanFilter, limit: number): Promise<number[]> {
    return (await this.db.selectFrom('scans').select('scans.id').where(this.filtered(accountId, f)).orderBy('scans.id').limit(limit).execute()).map((r) => r.id);
  }

  /** Deletes scans by id (answers and properties go with them, and then their stored files); answers how many. */
  async deleteScans(accountId: number, ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const files = await this.db.selectFrom('scan_answers').select('file_key').where('account_id', '=', accountId).where('scan_id', 'in', ids).where('file_key', 'is not', null).execute();
    const r = await this.db.deleteFrom('scans').where('account_id', '=', accountId).where('id', 'in', ids).executeTakeFirst();
    const keys = files.map((f) => f.file_key).filter((k): k is string => k !== null);
    if (this.pendingFiles) this.pendingFiles.push(...keys);
    else await this.releaseFiles(keys);
    return Number(r.numDeletedRows);
  }

  /** Uploads of the account, newest first. */
  async uploads(accountId: number, f: { serviceIds?: number[]; userIds?: number[]; deviceIds?: number[] }, page: { limit: number; offset: number }) {
    let q = this.db.selectFrom('uploads').where('account_id', '=', accountId);
    if (f.serviceIds) q = q.where('service_id', 'in', f.serviceIds.length > 0 ? f.serviceIds : [-2]);
    if (f.userIds) q = q.where('app_user_id', 'in', f.userIds.length > 0 ? f.userIds : [-2]);
    if (f.deviceIds) q = q.where('device_id', 'in', f.deviceIds.length > 0 ? f.deviceIds : [-2]);
    const [rows, total] = await Promise.all([
      q.select(['id', 'service_id', 'app_user_id', 'device_id', 'status', 'count', 'created_at']).orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** Sets a property on scans (upsert) when every scan exists; answers the ids that exist in the account. */
  async setProperty(accountId: number, scanIds: number[], name: string, value: string): Promise<number[]> {
    const existing = (await this.db.selectFrom('scans').select('id').where('account_id', '=', accountId).where('id', 'in', scanIds).execute()).map((r) => r.id);
    // All or nothing: a list naming a scan that does not exist changes none.
    if (existing.length === 0 || existing.length !== new Set(scanIds).size) return existing;
    await upsertScanProperty(this.db, accountId, existing, name, value);
    await this.db.updateTable('scans').set({ modified_at: new Date().toISOString() }).where('account_id', '=', accountId).where('id', 'in', existing).execute();
    return existing;
  }

  /** A property of a scan, its name matched case-insensitively. */
  async getProperty(accountId: number, scanId: number, name: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('scan_properties').select('value').where('account_id', '=', accountId).where('scan_id', '=', scanId).where((eb) => lowerEquals(this.dialect, eb.ref('name'), name)).orderBy(byteOrder(this.dialect, sql.ref('name'))).executeTakeFirst();
    return row?.value;
  }

  async deleteProperty(accountId: number, scanIds: number[], name: string): Promise<number> {
    const r = await this.db.deleteFrom('scan_properties').where('account_id', '=', accountId).where('scan_id', 'in', scanIds).where((eb) => lowerEquals(this.dialect, eb.ref('name'), name)).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Applies an administrator's edit in one go: fields, answers of the named questions, properties, and the history line. */
  async applyEdit(accountId: number, scanId: number, e: { fields: { value?: string; status?: number; response?: string }; answers: Map<number, NewAnswer[]>; properties: [string, string | null][]; at: string; editor: string; changes: { field: string; from: string; to: string }[] }): Promise<void> {
    await this.db.updateTable('scans').set({ ...e.fields, modified_at: e.at }).where('account_id', '=', accountId).where('id', '=', scanId).execute();
    for (const [questionId, answers] of e.answers) {
      await this.db.deleteFrom('scan_answers').where('account_id', '=', accountId).where('scan_id', '=', scanId).where('question_id', '=', questionId).execute();
      await this.insertAnswers(accountId, scanId, answers);
    }
    for (const [name, value] of e.properties) {
      if (value === null) await this.db.deleteFrom('scan_properties').where('account_id', '=', accountId).where('scan_id', '=', scanId).where('name', '=', name).execute();
      else await upsertScanProperty(this.db, accountId, [scanId], name, value);
    }
    await this.db.insertInto('scan_edits').values({ account_id: accountId, scan_id: scanId, at: e.at, editor: e.editor, changes: JSON.stringify(e.changes) }).execute();
  }

  async editsOf(accountId: number, scanId: number): Promise<{ id: number; at: string; editor: string; changes: string }[]> {
    return this.db.selectFrom('scan_edits').select(['id', 'at', 'editor', 'changes']).where('account_id', '=', accountId).where('scan_id', '=', scanId).orderBy('id', 'desc').execute();
  }

  /** Scans of the account since a time, by status. */
  async countsSince(accountId: number, since: string, serviceId?: number): Promise<{ status: number; n: number }[]> {
    let q = this.db.selectFrom('scans').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).where('account_id', '=', accountId).where('scanned_at', '>=', since);
    if (serviceId !== undefined) q = q.where('service_id', '=', serviceId);
    const rows = await q.groupBy('status').execute();
    return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
  }
}
