import { sql, type Kysely } from 'kysely';
import type { CheckDirection } from '@scanbase/contracts';
import type { DialectName } from '../../../platform/db/database.js';
import { containsText } from '../../../platform/db/dialect.js';
import { prepared } from '../../../platform/db/prepared.js';
import type { Database } from '../../../platform/db/schema.js';

/** A value's state row with the name of who moved it last. */
export type StateRow = { value: string; state: CheckDirection; since: string; by: string | null; last_scan_id: number | null; moves: number };

/** A scan of the instance for a value's history, with the properties the type stores. */
export type MovementRow = { id: number; status: number; response: string; scanned_at: string; by: string | null; direction: string | null; checklist: string | null; reason: string | null };

/** The check in/out instances of an account (live services of the type) with their type settings. */
export type CheckInOutInstanceRow = { id: number; name: string; type_settings: string; case_sensitive: number | null };

// Values that have moved (PostgreSQL's lock placeholders have not). Written as a literal, not a bound
// parameter, so both databases can prove the partial index `checkinout_states_moved_idx` (migration 0037) applies.
const moved = sql<boolean>`moves > 0`;

/** Counts rows in `state` (one pass over the moved-values index gives both counts). */
function countState(state: CheckDirection) {
  return sql<number>`sum(case when state = ${sql.lit(state)} then 1 else 0 end)`;
}

function iso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

type LockParams = { accountId: number; serviceId: number; key: string; value: string; state: CheckDirection; now: string };
type LockedRow = { value: string; state: CheckDirection; since: unknown; by_app_user_id: number | null; last_scan_id: number | null; moves: number };

// The statements every scan of a gate runs, compiled once per dialect (building a Kysely query costs more than running it).
function gateStatements() {
  return {
    // PostgreSQL: the no-op update sets a column no index holds, so it stays a cheap (HOT) update that
    // still takes the row lock.
    lock: prepared<LockParams, LockedRow>((db, p) =>
      db
        .insertInto('checkinout_states')
        .values({ account_id: p('accountId'), service_id: p('serviceId'), value_key: p('key'), value: p('value'), state: p('state'), since: p('now'), by_app_user_id: null, last_scan_id: null })
        .onConflict((oc) => oc.columns(['service_id', 'value_key']).doUpdateSet((eb) => ({ by_app_user_id: eb.ref('checkinout_states.by_app_user_id') })))
        .returning(['value', 'state', 'since', 'by_app_user_id', 'last_scan_id', 'moves']),
    ),
    read: prepared<{ accountId: number; serviceId: number; key: string }, LockedRow>((db, p) =>
      db
        .selectFrom('checkinout_states')
        .select(['value', 'state', 'since', 'by_app_user_id', 'last_scan_id', 'moves'])
        .where('service_id', '=', p('serviceId'))
        .where('value_key', '=', p('key'))
        .where('account_id', '=', p('accountId')),
    ),
    username: prepared<{ accountId: number; appUserId: number }, { username: string }>((db, p) => db.selectFrom('app_users').select('username').where('id', '=', p('appUserId')).where('account_id', '=', p('accountId'))),
    // An upsert: on SQLite the row of a value never scanned is first written here (see `lock`).
    move: prepared<{ accountId: number; serviceId: number; key: string; value: string; state: CheckDirection; since: string; appUserId: number | null; scanId: number }, never>((db, p) =>
      db
        .insertInto('checkinout_states')
        .values({ account_id: p('accountId'), service_id: p('serviceId'), value_key: p('key'), value: p('value'), state: p('state'), since: p('since'), by_app_user_id: p('appUserId'), last_scan_id: p('scanId'), moves: 1 })
        .onConflict((oc) =>
          oc
            .columns(['service_id', 'value_key'])
            .doUpdateSet((eb) => ({ value: p('value'), state: p('state'), since: p('since'), by_app_user_id: p('appUserId'), last_scan_id: p('scanId'), moves: eb('checkinout_states.moves', '+', 1) }))
            .where('checkinout_states.account_id', '=', p('accountId')),
        ),
    ),
  };
}
const statements = new Map<DialectName, ReturnType<typeof gateStatements>>();
function statementsFor(dialect: DialectName): ReturnType<typeof gateStatements> {
  let made = statements.get(dialect);
  if (!made) {
    made = gateStatements();
    statements.set(dialect, made);
  }
  return made;
}

/** SQL of the check in/out type: the state table (migration 0014) and the instance's scans. */
export class CheckInOutRepo {
  constructor(
    readonly db: Kysely<Database>,
    readonly dialect: DialectName,
  ) {}

  /**
   * Reads the value's state and holds it until the scan's transaction ends, so two gates scanning the same
   * value at once are judged one after the other. PostgreSQL: one upsert makes the row exist (in
   * `defaultState`, not moved) and its no-op update takes the row lock. SQLite runs one writing
   * transaction at a time, so a plain read is already exclusive and a value never scanned gets its row
   * only when it moves (one write instead of two). `by` is left null: ask `username` for it when needed.
   */
  async lock(accountId: number, serviceId: number, key: string, value: string, defaultState: CheckDirection, now: string): Promise<StateRow & { byAppUserId: number | null }> {
    const made = statementsFor(this.dialect);
    const [row] = this.dialect === 'sqlite' ? await made.read(this.db, { accountId, serviceId, key }) : await made.lock(this.db, { accountId, serviceId, key, value, state: defaultState, now });
    if (!row) {
      if (this.dialect === 'sqlite') return { value, state: defaultState, since: now, by: null, byAppUserId: null, last_scan_id: null, moves: 0 };
      throw new Error('check in/out: the state row was not returned');
    }
    return { value: row.value, state: row.state, since: iso(row.since), by: null, byAppUserId: row.by_app_user_id, last_scan_id: row.last_scan_id, moves: Number(row.moves) };
  }

  /** The username of an app user of the account (null when gone). */
  async username(accountId: number, appUserId: number): Promise<string | null> {
    const [row] = await statementsFor(this.dialect).username(this.db, { accountId, appUserId });
    return row?.username ?? null;
  }

  /** Moves a locked value (in the scan's transaction). */
  async move(accountId: number, serviceId: number, key: string, m: { value: string; state: CheckDirection; since: string; appUserId: number | null; scanId: number }): Promise<void> {
    await statementsFor(this.dialect).move(this.db, { accountId, serviceId, key, value: m.value, state: m.state, since: m.since, appUserId: m.appUserId, scanId: m.scanId });
  }

  private rosterBase(accountId: number, serviceId: number, search: string | undefined) {
    let q = this.db.selectFrom('checkinout_states as s').where('s.account_id', '=', accountId).where('s.service_id', '=', serviceId).where(moved);
    if (search) q = q.where(containsText(this.dialect, sql.ref('s.value'), search));
    return q;
  }

  /** The states of moved values, newest movement first, with counts in and out (of the search). */
  async roster(accountId: number, serviceId: number, q: { search?: string | undefined; state?: CheckDirection | undefined; offset: number; limit: number }): Promise<{ rows: StateRow[]; total: number; counts: { in: number; out: number } }> {
    const base = this.rosterBase(accountId, serviceId, q.search);
    const filtered = q.state ? base.where('s.state', '=', q.state) : base;
    const [rows, counts] = await Promise.all([
      filtered
        .leftJoin('app_users as u', 'u.id', 's.by_app_user_id')
        .select(['s.value', 's.state', 's.since', 'u.username as by', 's.last_scan_id', 's.moves'])
        // Both descending, so the moved-values index is read backwards, in order, and stops at the page.
        .orderBy('s.since', 'desc')
        .orderBy('s.value_key', 'desc')
        .limit(q.limit)
        .offset(q.offset)
        .execute(),
      base.select([countState('in').as('n_in'), countState('out').as('n_out')]).executeTakeFirst(),
    ]);
    const n = { in: Number(counts?.n_in ?? 0), out: Number(counts?.n_out ?? 0) };
    return {
      rows: rows.map((r) => ({ value: r.value, state: r.state, since: iso(r.since), by: r.by, last_scan_id: r.last_scan_id, moves: Number(r.moves) })),
      total: q.state ? n[q.state] : n.in + n.out,
      counts: n,
    };
  }

  /** Counts in and out per instance. */
  async counts(accountId: number, serviceIds: number[]): Promise<Map<number, { in: number; out: number }>> {
    const out = new Map<number, { in: number; out: number }>();
    if (serviceIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('checkinout_states')
      .select(['service_id', countState('in').as('n_in'), countState('out').as('n_out')])
      .where('account_id', '=', accountId)
      .where('service_id', 'in', serviceIds)
      .where(moved)
      .groupBy('service_id')
      .execute();
    for (const id of serviceIds) out.set(id, { in: 0, out: 0 });
    for (const r of rows) out.set(r.service_id, { in: Number(r.n_in), out: Number(r.n_out) });
    return out;
  }

  /** One value's state row (undefined when never scanned). */
  async state(accountId: number, serviceId: number, key: string): Promise<StateRow | undefined> {
    const r = await this.db
      .selectFrom('checkinout_states as s')
      .leftJoin('app_users as u', 'u.id', 's.by_app_user_id')
      .select(['s.value', 's.state', 's.since', 'u.username as by', 's.last_scan_id', 's.moves'])
      .where('s.account_id', '=', accountId)
      .where('s.service_id', '=', serviceId)
      .where('s.value_key', '=', key)
      .executeTakeFirst();
    return r ? { value: r.value, state: r.state, since: iso(r.since), by: r.by, last_scan_id: r.last_scan_id, moves: Number(r.moves) } : undefined;
  }

  /** The instance's scans of a value (by its key: exact, or lower-cased for a case-insensitive database), newest first. */
  async movements(accountId: number, serviceId: number, key: string, caseSensitive: boolean, limit: number): Promise<MovementRow[]> {
    let q = this.db.selectFrom('scans as sc').leftJoin('app_users as u', 'u.id', 'sc.app_user_id').where('sc.account_id', '=', accountId).where('sc.service_id', '=', serviceId);
    q = caseSensitive ? q.where('sc.value', '=', key) : q.where(sql<string>`lower(sc.value)`, '=', key);
    const rows = await q.select(['sc.id', 'sc.status', 'sc.response', 'sc.scanned_at', 'u.username as by']).orderBy('sc.id', 'desc').limit(limit).execute();
    const props = rows.length === 0 ? [] : await this.db.selectFrom('scan_properties').select(['scan_id', 'name', 'value']).where('account_id', '=', accountId).where('scan_id', 'in', rows.map((r) => r.id)).where('name', 'in', ['direction', 'checklist', 'reason']).execute();
    const prop = (scanId: number, name: string) => props.find((p) => p.scan_id === scanId && p.name === name)?.value ?? null;
    return rows.map((r) => ({ id: r.id, status: r.status, response: r.response, scanned_at: iso(r.scanned_at), by: r.by, direction: prop(r.id, 'direction'), checklist: prop(r.id, 'checklist'), reason: prop(r.id, 'reason') }));
  }

  /** Live check in/out instances of the account. */
  async instances(accountId: number): Promise<CheckInOutInstanceRow[]> {
    return this.db
      .selectFrom('services as s')
      .leftJoin('databases as d', 'd.id', 's.database_id')
      .select(['s.id', 's.name', 's.type_settings', 'd.case_sensitive'])
      .where('s.account_id', '=', accountId)
      .where('s.specialized_type', '=', 'check-in-out')
      .where('s.deleted_at', 'is', null)
      .orderBy('s.name')
      .execute();
  }

  /** One live check in/out instance of the account. */
  async instance(accountId: number, id: number): Promise<CheckInOutInstanceRow | undefined> {
    return this.db
      .selectFrom('services as s')
      .leftJoin('databases as d', 'd.id', 's.database_id')
      .select(['s.id', 's.name', 's.type_settings', 'd.case_sensitive'])
      .where('s.account_id', '=', accountId)
      .where('s.id', '=', id)
      .where('s.specialized_type', '=', 'check-in-out')
      .where('s.deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** A page of the roster for an export: moved values after `afterKey`, by value key. */
  async rosterPage(accountId: number, serviceId: number, afterKey: string | null, limit: number): Promise<(StateRow & { key: string })[]> {
    let q = this.db.selectFrom('checkinout_states as s').leftJoin('app_users as u', 'u.id', 's.by_app_user_id').where('s.account_id', '=', accountId).where('s.service_id', '=', serviceId).where(moved);
    if (afterKey !== null) q = q.where('s.value_key', '>', afterKey);
    const rows = await q.select(['s.value_key', 's.value', 's.state', 's.since', 'u.username as by', 's.last_scan_id', 's.moves']).orderBy('s.value_key').limit(limit).execute();
    return rows.map((r) => ({ key: r.value_key, value: r.value, state: r.state, since: iso(r.since), by: r.by, last_scan_id: r.last_scan_id, moves: Number(r.moves) }));
  }

  /** A page of the instance's scans for an export (scanned within [from, to) when given), after scan `afterId`, oldest first. */
  async movementPage(accountId: number, serviceId: number, period: { from?: string | undefined; to?: string | undefined }, afterId: number, limit: number): Promise<(MovementRow & { value: string; device: string | null; capture_type: string | null })[]> {
    let q = this.db
      .selectFrom('scans as sc')
      .leftJoin('app_users as u', 'u.id', 'sc.app_user_id')
      .leftJoin('devices as d', 'd.id', 'sc.device_id')
      .where('sc.account_id', '=', accountId)
      .where('sc.service_id', '=', serviceId)
      .where('sc.id', '>', afterId);
    if (period.from) q = q.where('sc.scanned_at', '>=', period.from);
    if (period.to) q = q.where('sc.scanned_at', '<', period.to);
    const rows = await q.select(['sc.id', 'sc.value', 'sc.status', 'sc.response', 'sc.scanned_at', 'u.username as by', 'd.name as device']).orderBy('sc.id').limit(limit).execute();
    const props = rows.length === 0 ? [] : await this.db.selectFrom('scan_properties').select(['scan_id', 'name', 'value']).where('account_id', '=', accountId).where('scan_id', 'in', rows.map((r) => r.id)).where('name', 'in', ['direction', 'checklist', 'reason', 'capture_type']).execute();
    const byScan = new Map<number, Map<string, string>>();
    for (const p of props) {
      let m = byScan.get(p.scan_id);
      if (!m) byScan.set(p.scan_id, (m = new Map<string, string>()));
      m.set(p.name, p.value);
    }
    return rows.map((r) => {
      const m = byScan.get(r.id);
      return { id: r.id, value: r.value, status: r.status, response: r.response, scanned_at: iso(r.scanned_at), by: r.by, device: r.device, direction: m?.get('direction') ?? null, checklist: m?.get('checklist') ?? null, reason: m?.get('reason') ?? null, capture_type: m?.get('capture_type') ?? null };
    });
  }

  /** Live app users of the account by lower-cased username (an import names them). */
  async appUsersNamed(accountId: number, names: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (let i = 0; i < names.length; i += 500) {
      const rows = await this.db.selectFrom('app_users').select(['id', 'username']).where('account_id', '=', accountId).where('deleted_at', 'is', null).where(sql<string>`lower(username)`, 'in', names.slice(i, i + 500)).execute();
      for (const r of rows) out.set(r.username.toLowerCase(), r.id);
    }
    return out;
  }

  /** Stores an imported movement as a valid scan of the instance with its properties (call inside the import's transaction). */
  async insertMovement(accountId: number, serviceId: number, m: { value: string; response: string; at: string; appUserId: number | null; receivedAt: string; properties: [string, string][] }): Promise<number> {
    const row = await this.db
      .insertInto('scans')
      .values({ account_id: accountId, service_id: serviceId, app_user_id: m.appUserId, device_id: null, upload_id: null, value: m.value, response: m.response, status: 1, db_value_id: null, client_scan_id: null, scanned_at: m.at, received_at: m.receivedAt, modified_at: m.receivedAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db.insertInto('scan_properties').values(m.properties.map(([name, value]) => ({ account_id: accountId, scan_id: row.id, name, value, scanned_at: m.at }))).execute();
    return row.id;
  }
}
