import { Readable } from 'node:stream';
import { tableBuilderSettings, type ShareLinkInfo, type TableBuilderSettings, type TableChange, type TableColumn, type TableQuery, type TableRow } from '@scanbase/contracts';
import type { AppSession } from '../../../platform/auth/session.js';
import { hashPassword, verifyPassword } from '../../../platform/auth/passwords.js';
import { hashSecret, newSecret } from '../../../platform/auth/tokens.js';
import type { EventBus } from '../../../platform/bus/event-bus.js';
import { csvLine } from '../../../platform/csv/csv-file.js';
import type { Db } from '../../../platform/db/database.js';
import { nowIso } from '../../../platform/db/dialect.js';
import { AppError } from '../../../platform/errors.js';
import type { RateLimiter } from '../../../platform/rate-limit/rate-limiter.js';
import { xlsxStream } from '../../../platform/xlsx/xlsx-stream.js';
import type { ShortLinksService } from '../../short-links/short-links.service.js';
import { SpecializedRepo } from '../specialized.repo.js';
import { storedTypeSettings } from '../type-settings.js';
import { TABLE_TOPIC, tableBuilderType } from '../types/table-builder.js';
import { TableBuilderRepo, type CellRecord, type LinkRecord, type RowRecord } from './table-builder.repo.js';
import { editableColumns, visibleColumns } from './table-rules.js';

/** A share-link token: 43 URL-safe characters (256 bits). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Password tries one address may make on share links a minute. */
export const SHARE_PASSWORD_PER_MINUTE = 10;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Rows read per batch when exporting. */
const EXPORT_BATCH = 1_000;

type Instance = { id: number; name: string; settings: TableBuilderSettings; columns: TableColumn[] };
export type TableFile = { name: string; contentType: string; body: Readable | string };
type PageArgs = TableQuery & { page: number; limit: number; deviceId?: number | undefined; countAll?: boolean | undefined };

function rowOf(r: RowRecord, cells: CellRecord[], shown?: Set<number>): TableRow {
  const out: Record<string, string> = {};
  for (const c of cells) if (c.row_id === r.id && (!shown || shown.has(c.question_id))) out[String(c.question_id)] = c.value;
  return { id: r.id, value: r.value, cells: out, updatedAt: r.updated_at, updatedBy: r.updated_by };
}

function linkState(l: Pick<LinkRecord, 'expires_at' | 'revoked_at'>, now = nowIso()): ShareLinkInfo['state'] {
  if (l.revoked_at !== null) return 'revoked';
  if (l.expires_at !== null && l.expires_at <= now) return 'expired';
  return 'active';
}

function ids(json: string | null): number[] | null {
  return json === null ? null : (JSON.parse(json) as number[]);
}

function linkInfo(l: LinkRecord): ShareLinkInfo {
  return {
    linkId: l.id, createdAt: l.created_at, expiresAt: l.expires_at, revokedAt: l.revoked_at, hasPassword: l.password_hash !== null,
    questionIds: ids(l.question_ids), name: l.name, editableQuestionIds: ids(l.editable_question_ids), state: linkState(l),
  };
}

/** Who a change through a share link is by. */
export function shareLinkAuthor(l: Pick<LinkRecord, 'id' | 'name'>): string {
  return `share link ${l.name.trim() || `#${l.id}`}`;
}

function fileName(name: string, ext: string): string {
  return `${name.replace(/[^A-Za-z0-9._ -]+/g, '_').trim().slice(0, 80) || 'table'}.${ext}`;
}

/** Table-builder instances beyond the generic specialized routes: the grid, a row's history, export, share links and the scanner's view of a row. */
export class TableBuilderService {
  constructor(private readonly deps: { db: Db; bus: EventBus; limiter: RateLimiter; publicUrl: string; shortLinks?: ShortLinksService }) {}

  private get repo(): TableBuilderRepo {
    return new TableBuilderRepo(this.deps.db.kysely, this.deps.db.dialect);
  }

  /** The instance with its settings and columns; another account's id or another type answers NOT_FOUND. */
  private async instance(accountId: number, id: number): Promise<Instance> {
    const row = await new SpecializedRepo(this.deps.db.kysely, this.deps.db.dialect).get(accountId, id);
    if (!row || row.specialized_type !== 'table-builder') throw new AppError('NOT_FOUND', `Table ${id} does not exist.`);
    const settings = tableBuilderSettings.parse(storedTypeSettings(tableBuilderType, row.type_settings));
    return { id, name: row.name, settings, columns: await this.repo.columns(accountId, id) };
  }

  /** Refuses a filter or sort naming a column the table does not have. */
  private checkQuery(inst: Instance, q: TableQuery, shown: Set<number>): void {
    const known = (key: string) => key === 'value' || key === 'updatedAt' || shown.has(Number(key));
    const bad = [...q.filters.map((f, i) => (known(f.column) ? null : { path: `filters.${i}.column`, message: 'Not a column of this table' })), known(q.sort) ? null : { path: 'sort', message: 'Not a column of this table' }].filter((x) => x !== null);
    if (bad.length > 0) throw new AppError('VALIDATION_FAILED', `Check the filters of table ${inst.id}.`, bad);
  }

  private async pageOf(accountId: number, inst: Instance, q: PageArgs, shown: Set<number>) {
    this.checkQuery(inst, q, shown);
    const { rows, total, totalExact } = await this.repo.page(accountId, inst.id, q, (q.page - 1) * q.limit, q.limit, q.countAll ? 'all' : true);
    const cells = await this.repo.cells(accountId, inst.id, rows.map((r) => r.id));
    return { keyLabel: inst.settings.keyLabel, columns: inst.columns.filter((c) => shown.has(c.questionId)), rows: rows.map((r) => rowOf(r, cells, shown)), total, totalExact };
  }

  async rows(accountId: number, q: PageArgs & { id: number }) {
    const inst = await this.instance(accountId, q.id);
    return this.pageOf(accountId, inst, q, new Set(inst.columns.map((c) => c.questionId)));
  }

  async row(accountId: number, id: number, rowId: number): Promise<{ row: TableRow; changes: TableChange[] }> {
    const inst = await this.instance(accountId, id);
    const row = await this.repo.rowById(accountId, id, rowId);
    if (!row) throw new AppError('NOT_FOUND', `Row ${rowId} does not exist.`);
    const texts = new Map(inst.columns.map((c) => [c.questionId, c.text]));
    const changes = await this.repo.changes(accountId, rowId);
    return {
      row: rowOf(row, await this.repo.cells(accountId, id, [rowId])),
      changes: changes.map((c) => ({ questionId: c.question_id, question: texts.get(c.question_id) ?? `Question ${c.question_id}`, from: c.old_value, to: c.new_value, by: c.changed_by, source: c.source as TableChange['source'], at: c.changed_at })),
    };
  }

  /** An administrator sets one cell (kept in the history with their name); the grid follows live. */
  async setCell(accountId: number, adminId: number, b: { id: number; rowId: number; questionId: number; value: string }): Promise<{ row: TableRow }> {
    const inst = await this.instance(accountId, b.id);
    if (!inst.columns.some((c) => c.questionId === b.questionId)) throw new AppError('VALIDATION_FAILED', 'This question is not a column of the table.', [{ path: 'questionId', message: 'Not a column of this table' }]);
    const by = await this.repo.adminName(accountId, adminId);
    const changed = await this.repo.transaction(async (r) => {
      if (!(await r.rowById(accountId, b.id, b.rowId))) throw new AppError('NOT_FOUND', `Row ${b.rowId} does not exist.`);
      return r.setCell(accountId, b.id, b.rowId, b.questionId, b.value, by, 'admin', null, nowIso());
    });
    if (changed) await this.deps.bus.publish({ accountId, topic: TABLE_TOPIC, id: b.id });
    const row = await this.repo.rowById(accountId, b.id, b.rowId);
    return { row: rowOf(row!, await this.repo.cells(accountId, b.id, [b.rowId])) };
  }

  /** The rows matching the filter as CSV (formula injection neutralised) or XLSX (inline text cells), read in batches. */
  async export(accountId: number, b: TableQuery & { id: number; format: 'csv' | 'xlsx'; questionIds?: number[] | undefined }): Promise<TableFile> {
    const inst = await this.instance(accountId, b.id);
    const shown = new Set(inst.columns.map((c) => c.questionId).filter((q) => !b.questionIds || b.questionIds.includes(q)));
    this.checkQuery(inst, b, new Set(inst.columns.map((c) => c.questionId)));
    const columns = inst.columns.filter((c) => shown.has(c.questionId));
    const header = [inst.settings.keyLabel, ...columns.map((c) => c.text), 'Updated', 'Updated by'];
    const repo = this.repo;
    const batches = async function* () {
      for (let offset = 0; ; offset += EXPORT_BATCH) {
        const { rows } = await repo.page(accountId, inst.id, b, offset, EXPORT_BATCH, false);
        if (rows.length === 0) return;
        const cells = await repo.cells(accountId, inst.id, rows.map((r) => r.id));
        yield rows.map((r) => {
          const row = rowOf(r, cells);
          return [row.value, ...columns.map((c) => row.cells[String(c.questionId)] ?? ''), row.updatedAt, row.updatedBy];
        });
        if (rows.length < EXPORT_BATCH) return;
      }
    };
    if (b.format === 'xlsx') return { name: fileName(inst.name, 'xlsx'), contentType: XLSX_TYPE, body: xlsxStream(inst.name, header, batches()) };
    const lines = async function* () {
      yield `\uFEFF${csvLine(header)}`;
      for await (const batch of batches()) yield batch.map((cells) => csvLine(cells)).join('');
    };
    return { name: fileName(inst.name, 'csv'), contentType: 'text/csv; charset=utf-8', body: Readable.from(lines()) };
  }

  // Share links

  async links(accountId: number, id: number): Promise<{ items: ShareLinkInfo[] }> {
    await this.instance(accountId, id);
    return { items: (await this.repo.links(accountId, id)).map(linkInfo) };
  }

  /** A new share link; only the token's SHA-256 (and the password's argon2 hash) is kept, so this is the one time the address is shown. */
  async linkCreate(accountId: number, b: { id: number; name?: string | undefined; expiresAt: string | null; password: string | null; questionIds: number[] | null; editableQuestionIds?: number[] | null | undefined }) {
    const inst = await this.instance(accountId, b.id);
    if (b.expiresAt !== null && (Number.isNaN(Date.parse(b.expiresAt)) || Date.parse(b.expiresAt) <= Date.now())) {
      throw new AppError('VALIDATION_FAILED', 'The expiry must be in the future.', [{ path: 'expiresAt', message: 'Choose a time in the future' }]);
    }
    const known = new Set(inst.columns.map((c) => c.questionId));
    const unknown = (b.questionIds ?? []).findIndex((q) => !known.has(q));
    if (unknown >= 0) throw new AppError('VALIDATION_FAILED', 'Choose columns of this table.', [{ path: `questionIds.${unknown}`, message: 'Not a column of this table' }]);
    // An editable link edits only columns it shows.
    const shown = b.questionIds ?? [...known];
    const editable = b.editableQuestionIds ?? null;
    const hidden = (editable ?? []).findIndex((q) => !shown.includes(q));
    if (hidden >= 0) throw new AppError('VALIDATION_FAILED', 'A link edits only columns it shows.', [{ path: `editableQuestionIds.${hidden}`, message: 'Not a column this link shows' }]);
    const token = newSecret();
    const at = nowIso();
    const expiresAt = b.expiresAt === null ? null : new Date(b.expiresAt).toISOString();
    const values = {
      accountId, serviceId: b.id, name: (b.name ?? '').trim(), tokenHash: hashSecret(token), passwordHash: b.password === null ? null : await hashPassword(b.password),
      questionIds: b.questionIds === null ? null : JSON.stringify(b.questionIds), editableQuestionIds: editable === null ? null : JSON.stringify(editable), expiresAt, at,
    };
    const linkId = await this.repo.createLink(values);
    const path = `/share-link?taskId=${b.id}&token=${token}`;
    const link = linkInfo({ id: linkId, account_id: accountId, service_id: b.id, name: values.name, password_hash: values.passwordHash, question_ids: values.questionIds, editable_question_ids: values.editableQuestionIds, expires_at: expiresAt, revoked_at: null, created_at: at });
    // Its short link expires with it; the token is sealed in it, never stored in clear.
    const short = await this.deps.shortLinks?.createFor(accountId, null, {
      target: path, shownTarget: `/share-link?taskId=${b.id}&token=…`, label: `Share link of ${inst.name}${values.name ? `: ${values.name}` : ''}`, source: 'share-link', sourceId: linkId, expiresAt,
    });
    return { link, path, url: `${this.deps.publicUrl}${path}`, shortUrl: short?.shortUrl ?? null };
  }

  async linkRevoke(accountId: number, id: number, linkId: number): Promise<{ ok: true }> {
    await this.instance(accountId, id);
    if (!(await this.repo.revokeLink(accountId, id, linkId, nowIso()))) throw new AppError('NOT_FOUND', `Share link ${linkId} does not exist or is revoked already.`);
    await this.deps.shortLinks?.revokeFor(accountId, 'share-link', linkId);
    return { ok: true };
  }

  /**
   * What a share link opens: the table read-only with the link's columns, or `expired` (expired or revoked),
   * or `password`. An unknown token, or one of another instance, answers NOT_FOUND.
   */
  async open(ip: string, b: PageArgs & { taskId: string; token: string; password?: string | undefined }) {
    const link = await this.linkOf(b);
    if (linkState(link) !== 'active') return { state: 'expired' as const };
    const password = await this.passwordState(ip, link, b.password);
    if (password) return password;
    const inst = await this.instance(link.account_id, link.service_id);
    const shown = this.linkColumns(link, inst);
    const page = await this.pageOf(link.account_id, inst, b, shown);
    const editable = (ids(link.editable_question_ids) ?? []).filter((q) => shown.has(q));
    // Who changed a row is not shared: the link shows the table, not the people of the account.
    return { state: 'ok' as const, name: inst.name, expiresAt: link.expires_at, editable, ...page, rows: page.rows.map((r) => ({ ...r, updatedBy: '' })) };
  }

  /** The link of a token for this instance id; an unknown or malformed token, or one of another instance, answers NOT_FOUND. */
  private async linkOf(b: { taskId: string; token: string }) {
    const missing = new AppError('NOT_FOUND', 'This share link does not exist.');
    if (!TOKEN.test(b.token) || !/^\d{1,10}$/.test(b.taskId)) throw missing;
    const link = await this.repo.linkByToken(hashSecret(b.token));
    if (!link || link.service_id !== Number(b.taskId)) throw missing;
    return link;
  }

  /** Undefined when the link has no password or the right one was given; else what to ask (rate-limited per address). */
  private async passwordState(ip: string, link: LinkRecord, password: string | undefined) {
    if (link.password_hash === null) return undefined;
    if (password === undefined || password === '') return { state: 'password' as const, wrong: false };
    const rate = await this.deps.limiter.hit(`share-link:${ip}`, 60, SHARE_PASSWORD_PER_MINUTE);
    if (!rate.allowed) throw new AppError('LIMIT_MINUTE', 'Too many password tries: wait a minute.');
    if (!(await verifyPassword(link.password_hash, password))) return { state: 'password' as const, wrong: true };
    return undefined;
  }

  private linkColumns(link: LinkRecord, inst: Instance): Set<number> {
    const chosen = link.question_ids === null ? null : new Set(ids(link.question_ids));
    return new Set(inst.columns.map((c) => c.questionId).filter((q) => !chosen || chosen.has(q)));
  }

  /**
   * A cell changed through an editable share link: only while the link is active, with its password, in a column
   * it may edit; kept in the history as "share link <name>". Everything else is refused on the server.
   */
  async shareCellUpdate(ip: string, b: { taskId: string; token: string; password?: string | undefined; rowId: number; questionId: number; value: string }): Promise<{ row: TableRow }> {
    const link = await this.linkOf(b);
    if (linkState(link) !== 'active') throw new AppError('FORBIDDEN', 'This share link has expired or was turned off: nothing was changed.');
    const password = await this.passwordState(ip, link, b.password);
    if (password) throw new AppError('FORBIDDEN', password.wrong ? 'That password is not right: nothing was changed.' : 'This link needs its password to change anything.');
    const inst = await this.instance(link.account_id, link.service_id);
    const shown = this.linkColumns(link, inst);
    const editable = ids(link.editable_question_ids);
    if (editable === null) throw new AppError('FORBIDDEN', 'This share link is read-only: nothing was changed.');
    if (!editable.includes(b.questionId) || !shown.has(b.questionId)) throw new AppError('FORBIDDEN', 'This share link may not change that column.');
    const accountId = link.account_id;
    const changed = await this.repo.transaction(async (r) => {
      if (!(await r.rowById(accountId, inst.id, b.rowId))) throw new AppError('NOT_FOUND', `Row ${b.rowId} does not exist.`);
      return r.setCell(accountId, inst.id, b.rowId, b.questionId, b.value, shareLinkAuthor(link), 'share', null, nowIso());
    });
    if (changed) await this.deps.bus.publish({ accountId, topic: TABLE_TOPIC, id: inst.id });
    const row = await this.repo.rowById(accountId, inst.id, b.rowId);
    return { row: { ...rowOf(row!, await this.repo.cells(accountId, inst.id, [b.rowId]), shown), updatedBy: '' } };
  }

  /** Refuses an app user who may not scan into the service (or of another account) as if it did not exist. */
  private async appPermitted(caller: AppSession, serviceId: number): Promise<void> {
    const permitted = await this.deps.db.kysely
      .selectFrom('service_users')
      .select('service_id')
      .where('account_id', '=', caller.accountId)
      .where('service_id', '=', serviceId)
      .where('app_user_id', '=', caller.appUserId)
      .executeTakeFirst();
    if (!permitted) throw new AppError('NOT_FOUND', `Table ${serviceId} does not exist.`);
  }

  /**
   * `/app-custom` and `/device-lookup` with the scanner's token: a page of the table in the columns this app user
   * sees (child views), which of them they may edit, optionally only the rows a device scanned.
   */
  async appRows(caller: AppSession, q: PageArgs & { tableId: number }) {
    await this.appPermitted(caller, q.tableId);
    const inst = await this.instance(caller.accountId, q.tableId);
    const all = inst.columns.map((c) => c.questionId);
    const page = await this.pageOf(caller.accountId, inst, q, new Set(visibleColumns(inst.settings, caller.appUserId, all)));
    return { name: inst.name, editable: editableColumns(inst.settings, caller.appUserId, all), ...page };
  }

  /** The scanner's view of a scanned value's row: the columns this app user sees, the answers so far, and which they may edit. */
  async appRow(caller: AppSession, serviceId: number, value: string) {
    await this.appPermitted(caller, serviceId);
    const inst = await this.instance(caller.accountId, serviceId);
    const all = inst.columns.map((c) => c.questionId);
    const visible = new Set(visibleColumns(inst.settings, caller.appUserId, all));
    const editable = new Set(editableColumns(inst.settings, caller.appUserId, all));
    const row = await this.repo.rowByValue(caller.accountId, serviceId, value);
    const cells = row ? await this.repo.cells(caller.accountId, serviceId, [row.id]) : [];
    const byQuestion = new Map(cells.map((c) => [c.question_id, c]));
    return {
      exists: row !== undefined,
      keyLabel: inst.settings.keyLabel,
      columns: inst.columns
        .filter((c) => visible.has(c.questionId))
        .map((c) => {
          const cell = byQuestion.get(c.questionId);
          return { questionId: c.questionId, text: c.text, value: cell?.value ?? null, editable: editable.has(c.questionId), updatedAt: cell?.updated_at ?? null, updatedBy: cell?.updated_by ?? null };
        }),
    };
  }
}
