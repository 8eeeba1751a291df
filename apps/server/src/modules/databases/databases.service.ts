import { randomInt } from 'node:crypto';
import type { Readable } from 'node:stream';
import { CodedError } from '../../platform/http/legacy/legacy-bridge.js';
import { jobReport } from '../../platform/jobs/job-types.js';
import { SubstringFeeder } from '../../platform/db/substring-feeder.js';
import { encodeValues, type DatabaseRow, type DatabasesRepo, type NewValue, type ValueFilters, type ValueRow } from './databases.repo.js';
import { csvRows, importRows, valuesImportedSummary, type ImportHooks, type ImportOptions, type ImportReport, type RowBatches } from './databases.import.js';
import { cleanValue, valueKey } from './database-values.js';
import { noWebhookEvents, type WebhookEvent, type WebhookEvents } from '../webhooks/webhook-events.js';

export const SHOWVALUES_CAP = 100_000;

export type DatabaseInfo = { id: number; name: string; caseSensitive: boolean; createdAt: string; updatedAt: string; valueCount: number; serviceIds: number[] };

/** The variables a response text may use, replaced at scan time. */
export type ResponseContext = { scanValue: string; userName: string; userId: number | string; serviceId: number | string };

/** Replaces SCAN_VALUE, USER_NAME, USER_ID and SERVICE_ID in a database response text. */
export function renderResponse(template: string, ctx: ResponseContext): string {
  return template.replace(/SCAN_VALUE|USER_NAME|USER_ID|SERVICE_ID/g, (m) => String(m === 'SCAN_VALUE' ? ctx.scanValue : m === 'USER_NAME' ? ctx.userName : m === 'USER_ID' ? ctx.userId : ctx.serviceId));
}

/** How long one transaction of a staged import's writing pass may hold the database (ms; see `importStaged`). */
const STAGED_SLICE_MS = 250;

/** Databases (validation lists), their values and imports. */
export class DatabasesService {
  /** Feeds the values' substring index after writes (SQLite; imports end without building it, migration 0043). */
  readonly valuesIndex: SubstringFeeder;

  constructor(
    readonly repo: DatabasesRepo,
    private readonly events: WebhookEvents = noWebhookEvents,
  ) {
    this.valuesIndex = new SubstringFeeder({ pending: () => repo.unindexedValues(), feed: (limit) => repo.transaction((r) => r.indexPendingValues(limit)) });
  }

  /** A `database_value.*` webhook event. */
  private valueEvent(type: 'created' | 'updated' | 'deleted', databaseId: number, v: { id: number; value: string; response: string; validity: number }): WebhookEvent {
    return { type: `database_value.${type}`, data: { databaseId, id: v.id, value: v.value, response: v.response, validity: v.validity } };
  }

  /** The database, or 204 / NOT_FOUND (also for another account's id). */
  async require(accountId: number, id: number): Promise<DatabaseRow> {
    const row = await this.repo.get(accountId, id);
    if (!row) throw new CodedError('NOT_FOUND', 204, `Database ${id} does not exist.`);
    return row;
  }

  /** Rows for an id list or `all`; an unknown id answers 204. */
  async resolve(accountId: number, ids: number[] | 'all'): Promise<DatabaseRow[]> {
    const { rows } = await this.repo.list(accountId, { ids });
    if (Array.isArray(ids)) {
      const found = new Set(rows.map((r) => r.id));
      const missing = ids.find((id) => !found.has(id));
      if (missing !== undefined) throw new CodedError('NOT_FOUND', 204, `Database ${missing} does not exist.`);
    }
    return rows;
  }

  /** Adds counts and the services using each database. */
  async describe(accountId: number, rows: DatabaseRow[], withCount = true): Promise<DatabaseInfo[]> {
    const ids = rows.map((r) => r.id);
    const [counts, uses] = await Promise.all([withCount ? this.repo.countValues(accountId, ids) : new Map<number, number>(), this.repo.servicesUsing(accountId, ids)]);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      caseSensitive: r.case_sensitive === 1,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      valueCount: counts.get(r.id) ?? 0,
      serviceIds: uses.filter((u) => u.database_id === r.id).map((u) => u.service_id),
    }));
  }

  async list(accountId: number, q: { page: number; limit: number; search?: string | undefined; sortby?: string | undefined; sortdirection?: 'asc' | 'desc' | undefined }) {
    const sortBy = q.sortby === 'name' ? 'name' : q.sortby === 'created' || q.sortby === 'createdAt' ? 'created_at' : 'id';
    const { rows, total } = await this.repo.list(accountId, { search: q.search, sortBy, desc: q.sortdirection === 'desc', offset: (q.page - 1) * q.limit, limit: q.limit });
    return { items: await this.describe(accountId, rows), total, page: q.page, limit: q.limit };
  }

  async get(accountId: number, id: number): Promise<DatabaseInfo> {
    const [info] = await this.describe(accountId, [await this.require(accountId, id)]);
    return info!;
  }

  private cleanName(name: string): string {
    const n = name.trim();
    if (n === '' || n.length > 200) throw new CodedError('VALIDATION_FAILED', 50, 'A database name needs 1 to 200 characters.');
    return n;
  }

  async create(accountId: number, input: { name: string; caseSensitive: boolean }): Promise<DatabaseRow> {
    const name = this.cleanName(input.name);
    return this.repo.transaction(async (repo) => {
      if (await repo.findByName(accountId, name)) throw new CodedError('CONFLICT', 216, `A database named "${name}" already exists.`);
      return repo.insert(accountId, { name, caseSensitive: input.caseSensitive });
    });
  }

  async rename(accountId: number, id: number, newName: string): Promise<void> {
    const name = this.cleanName(newName);
    await this.require(accountId, id);
    const other = await this.repo.findByName(accountId, name);
    if (other && other.id !== id) throw new CodedError('CONFLICT', 216, `A database named "${name}" already exists.`);
    await this.repo.rename(accountId, id, name);
  }

  /** Deletes databases with their values; 205 while a live service uses one. */
  async delete(accountId: number, ids: number[] | 'all'): Promise<void> {
    await this.repo.transaction(async (repo) => {
      const rows = await new DatabasesService(repo).resolve(accountId, ids);
      const used = await repo.servicesUsing(accountId, rows.map((r) => r.id));
      if (used[0]) throw new CodedError('CONFLICT', 205, `Database ${used[0].database_id} is used by service ${used[0].service_id} and cannot be deleted.`);
      await repo.delete(accountId, rows.map((r) => r.id));
    });
  }

  async clear(accountId: number, id: number): Promise<number> {
    await this.require(accountId, id);
    return this.repo.clear(accountId, id);
  }

  /** showvalues: filters on one database, oldest first. */
  async findValues(accountId: number, id: number, f: Omit<ValueFilters, 'valueKey'>, page: { limit: number; offset: number }, countLimit?: number): Promise<{ rows: ValueRow[]; total?: number }> {
    const db = await this.require(accountId, id);
    const filters: ValueFilters = { ...f, ...(f.value !== undefined ? { valueKey: valueKey(f.value, db.case_sensitive === 1) } : {}) };
    return this.repo.findValues(accountId, id, filters, page, countLimit);
  }

  /** addvalue: 1027 when the value exists. Answers the new value's id. */
  async addValue(accountId: number, id: number, input: { value: string; response?: string | undefined; validity?: number | undefined; trim?: boolean | undefined }): Promise<number> {
    const db = await this.require(accountId, id);
    const value = cleanValue(input.value, input.trim ?? true);
    const key = valueKey(value, db.case_sensitive === 1);
    const response = input.response ?? '';
    const validity = input.validity ?? 1;
    const valueId = await this.indexingAfter(() =>
      this.repo.transaction(async (repo) => {
        if (await repo.findValue(accountId, id, key)) throw new CodedError('CONFLICT', 1027, `"${value}" already exists in this database.`);
        return repo.insertValue(accountId, id, { value, key, response, validity });
      }),
    );
    await this.events.emit(accountId, [this.valueEvent('created', id, { id: valueId, value, response, validity })]);
    return valueId;
  }

  /** upsertvalue: inserts with defaults, or changes only the fields given on an existing value. */
  async upsertValue(accountId: number, id: number, input: { value: string; response?: string | undefined; validity?: number | undefined; trim?: boolean | undefined }): Promise<void> {
    await this.upsertMany(accountId, [{ databaseId: id, ...input }]);
  }

  /** upsertmultivalue: every item in one transaction; each item names its database. */
  async upsertMany(accountId: number, items: { databaseId: number; value: string; response?: string | undefined; validity?: number | undefined; trim?: boolean | undefined }[]): Promise<void> {
    const dbs = new Map<number, DatabaseRow>();
    for (const item of items) if (!dbs.has(item.databaseId)) dbs.set(item.databaseId, await this.require(accountId, item.databaseId));
    const cleaned = items.map((i) => ({ ...i, value: cleanValue(i.value, i.trim ?? true) }));
    const events: WebhookEvent[] = [];
    await this.indexingAfter(() => this.repo.transaction(async (repo) => {
      for (const item of cleaned) {
        const key = valueKey(item.value, dbs.get(item.databaseId)!.case_sensitive === 1);
        const existing = await repo.findValue(accountId, item.databaseId, key);
        if (existing) {
          await repo.updateValue(accountId, existing.id, { ...(item.response !== undefined ? { response: item.response } : {}), ...(item.validity !== undefined ? { validity: item.validity } : {}) });
          events.push(this.valueEvent('updated', item.databaseId, { id: existing.id, value: existing.value, response: item.response ?? existing.response, validity: item.validity ?? existing.validity }));
        } else {
          const response = item.response ?? '';
          const validity = item.validity ?? 1;
          const valueId = await repo.insertValue(accountId, item.databaseId, { value: item.value, key, response, validity });
          events.push(this.valueEvent('created', item.databaseId, { id: valueId, value: item.value, response, validity }));
        }
      }
    }));
    await this.events.emit(accountId, events);
  }

  /** editvalue: 1017 when the value does not exist; fields left out stay. */
  async editValue(accountId: number, id: number, input: { value: string; newValue?: string | undefined; response?: string | undefined; validity?: number | undefined }): Promise<void> {
    const db = await this.require(accountId, id);
    const cs = db.case_sensitive === 1;
    const changed = await this.repo.transaction(async (repo) => {
      const existing = await repo.findValue(accountId, id, valueKey(input.value.trim(), cs));
      if (!existing) throw new CodedError('NOT_FOUND', 1017, `"${input.value.trim()}" does not exist in this database.`);
      let rename: { value: string; key: string } | undefined;
      if (input.newValue !== undefined) {
        const value = cleanValue(input.newValue, true);
        const key = valueKey(value, cs);
        const clash = await repo.findValue(accountId, id, key);
        if (clash && clash.id !== existing.id) throw new CodedError('CONFLICT', 1027, `"${value}" already exists in this database.`);
        rename = { value, key };
      }
      await repo.updateValue(accountId, existing.id, { ...rename, ...(input.response !== undefined ? { response: input.response } : {}), ...(input.validity !== undefined ? { validity: input.validity } : {}) });
      return { id: existing.id, value: rename?.value ?? existing.value, response: input.response ?? existing.response, validity: input.validity ?? existing.validity };
    });
    await this.events.emit(accountId, [this.valueEvent('updated', id, changed)]);
  }

  /** deletevalue: 1017 when the value does not exist. */
  async deleteValue(accountId: number, id: number, raw: string): Promise<void> {
    const db = await this.require(accountId, id);
    const existing = await this.repo.findValue(accountId, id, valueKey(raw.trim(), db.case_sensitive === 1));
    if (!existing) throw new CodedError('NOT_FOUND', 1017, `"${raw.trim()}" does not exist in this database.`);
    await this.repo.deleteValue(accountId, existing.id);
    await this.events.emit(accountId, [this.valueEvent('deleted', id, existing)]);
  }

  /** Deletes a value already looked up by id (V2 `databases/delete-value`). */
  async deleteValueRow(accountId: number, databaseId: number, value: ValueRow): Promise<void> {
    await this.repo.deleteValue(accountId, value.id);
    await this.events.emit(accountId, [this.valueEvent('deleted', databaseId, value)]);
  }

  /** Generates `count` random or sequential values that are not in the database yet; answers how many were added. */
  async autofill(accountId: number, id: number, input: { count: number; mode: 'random' | 'sequential'; prefix: string; length: number; start: number; response: string; validity: number }): Promise<number> {
    const db = await this.require(accountId, id);
    const cs = db.case_sensitive === 1;
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    return this.indexingAfter(() => this.repo.transaction(async (repo) => {
      let added = 0;
      let next = input.start;
      // Values already in the database are skipped and more are generated; random ones get a bounded number of rounds.
      const maxRounds = input.mode === 'random' ? Math.ceil(input.count / 1000) + 20 : Number.MAX_SAFE_INTEGER;
      for (let round = 0; added < input.count && round < maxRounds; round++) {
        const batch = new Map<string, NewValue>();
        const want = Math.min(1000, input.count - added);
        while (batch.size < want) {
          const body = input.mode === 'sequential' ? String(next++).padStart(input.length, '0') : Array.from({ length: input.length }, () => alphabet[randomInt(alphabet.length)]).join('');
          const value = `${input.prefix}${body}`;
          batch.set(valueKey(value, cs), { value, key: valueKey(value, cs), response: input.response, validity: input.validity });
        }
        added += await repo.insertNewValues(accountId, id, [...batch.values()]);
      }
      return added;
    }));
  }

  /**
   * Imports values from a CSV stream without holding the file in memory: one transaction, in
   * batches. With `onError: 'abort'` the first bad row rolls everything back (1019 naming the row);
   * with 'skip' bad rows are left out and reported.
   */
  async importValues(accountId: number, databaseId: number, stream: Readable, options: ImportOptions, hooks?: ImportHooks): Promise<ImportReport> {
    return this.importFrom(accountId, databaseId, csvRows(stream), options, hooks);
  }

  /** The same import from any source of rows (CSV or XLSX). */
  async importFrom(accountId: number, databaseId: number, rows: RowBatches, options: ImportOptions, hooks?: ImportHooks): Promise<ImportReport> {
    return this.importInto(accountId, await this.require(accountId, databaseId), rows, options, hooks);
  }

  private async importInto(accountId: number, db: DatabaseRow, rows: RowBatches, options: ImportOptions, hooks?: ImportHooks): Promise<ImportReport> {
    const databaseId = db.id;
    if (options.commit === 'batch') {
      if (options.onError === 'abort') throw new Error("commit 'batch' needs onError 'skip': a bad row cannot roll back committed batches");
      return this.indexingAfter(() => importRows(rows, db.case_sensitive === 1, options, (batch) => this.repo.transaction((repo) => repo.upsertValues(accountId, databaseId, batch)), hooks));
    }
    return this.indexingAfter(() => this.repo.transaction((repo) => importRows(rows, db.case_sensitive === 1, options, (batch) => repo.upsertValues(accountId, databaseId, batch), hooks)));
  }

  /**
   * An import made in the request (V2 `databases/import`, the legacy `upload`): `importFrom`, then `import.finished`
   * with the fields of an import run's event, without a run (`id` and `taskId` null, `type` `request`).
   */
  async importInRequest(accountId: number, databaseId: number, rows: RowBatches, options: ImportOptions): Promise<ImportReport> {
    const db = await this.require(accountId, databaseId);
    const startedAt = new Date().toISOString();
    const finished = (state: 'succeeded' | 'failed', summary: string, report: ImportReport | null): WebhookEvent => ({
      type: 'import.finished',
      data: { id: null, taskId: null, type: 'request', databaseId, state, summary, error: state === 'failed' ? summary : null, startedAt, finishedAt: new Date().toISOString(), report: report && jobReport(report) },
    });
    let report: ImportReport;
    try {
      report = await this.importInto(accountId, db, rows, options);
    } catch (error) {
      await this.events.emit(accountId, [finished('failed', error instanceof Error ? error.message : 'The import failed.', null)]);
      throw error;
    }
    await this.events.emit(accountId, [finished('succeeded', valuesImportedSummary(report, db.name, 'in the request'), report)]);
    return report;
  }

  /**
   * The single reading pass of an all-or-nothing background import: checks every row without writing
   * and hands each checked batch, encoded for `importStaged`, to `keep` (with the rows read so far)
   * until the first bad row; bad rows are counted and reported, not thrown.
   */
  async stageImport(accountId: number, databaseId: number, rows: RowBatches, options: ImportOptions, keep: (batch: string, rowsRead: number) => Promise<void>, hooks: ImportHooks = {}): Promise<ImportReport> {
    const db = await this.require(accountId, databaseId);
    let refused = false;
    return importRows(rows, db.case_sensitive === 1, { ...options, onError: 'skip' }, (batch, rowsRead) => (refused ? Promise.resolve() : keep(encodeValues(batch), rowsRead)), {
      ...hooks,
      onRejected: (r) => {
        refused = true;
        return hooks.onRejected?.(r);
      },
    });
  }

  /**
   * Writes batches kept by `stageImport` in short transactions: each takes batches until it has run
   * `sliceMs`, so SQLite's one connection is free again within about that long (the app keeps
   * answering). Each commit costs (not the WAL checkpoint; most likely the substring index's
   * segment per commit), so the slice is no shorter: on 1M values a commit per 4,000-row batch or
   * per 100 ms took the writing pass from 5.5 s (one transaction) to 8-8.5 s, 250 ms to about 6.3 s
   * (bench/scan-config.bench.ts).
   * `onWritten` gets the index of the last batch of each commit.
   */
  async importStaged(accountId: number, databaseId: number, batches: AsyncIterable<string>, onWritten?: (lastIndex: number) => void, sliceMs = STAGED_SLICE_MS): Promise<void> {
    await this.require(accountId, databaseId);
    const it = batches[Symbol.asyncIterator]();
    let next = await it.next();
    let index = -1;
    await this.indexingAfter(async () => {
      while (next.done !== true) {
        await this.repo.transaction(async (repo) => {
          const started = performance.now();
          while (next.done !== true) {
            await repo.upsertEncodedValues(accountId, databaseId, next.value);
            index++;
            next = await it.next();
            if (performance.now() - started >= sliceMs) break;
          }
        });
        onWritten?.(index);
      }
    });
  }

  /** Runs a write of values, then has the substring index fed (also when it failed part way: what committed needs it). */
  private async indexingAfter<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      this.valuesIndex.recount();
    }
  }
}
