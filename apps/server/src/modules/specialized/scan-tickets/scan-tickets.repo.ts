import type { Kysely } from 'kysely';
import type { DialectName } from '../../../platform/db/database.js';
import { nowIso } from '../../../platform/db/dialect.js';
import { prepared } from '../../../platform/db/prepared.js';
import type { Database } from '../../../platform/db/schema.js';

/** The entry state of one ticket in one scan-tickets service. */
export type TicketState = { entries: number; day: string; day_entries: number; inside: number; first_scan_id: number | null; last_scan_id: number | null };

/** Where and when a scan happened (a duplicate shows its ticket's first entry). */
export type ScanPlace = { scanned_at: string; service_name: string | null; device_name: string | null; user_name: string | null };

const stateColumns = ['entries', 'day', 'day_entries', 'inside', 'first_scan_id', 'last_scan_id'] as const;
type Key = { accountId: number; serviceId: number; dbValueId: number; now: string };

// The two statements every scan of a known ticket runs, compiled once per dialect (the hot path of a gate).
function ticketStatements() {
  return {
    lock: prepared<Key, TicketState>((db, p) =>
      db
        .insertInto('scan_ticket_states')
        .values({ account_id: p('accountId'), service_id: p('serviceId'), db_value_id: p('dbValueId'), updated_at: p('now') })
        .onConflict((oc) => oc.columns(['account_id', 'service_id', 'db_value_id']).doUpdateSet({ updated_at: p('now') }))
        .returning(stateColumns),
    ),
    save: prepared<Key & TicketState, never>((db, p) =>
      db
        .updateTable('scan_ticket_states')
        .set({ entries: p('entries'), day: p('day'), day_entries: p('day_entries'), inside: p('inside'), first_scan_id: p('first_scan_id'), last_scan_id: p('last_scan_id'), updated_at: p('now') })
        .where('account_id', '=', p('accountId'))
        .where('service_id', '=', p('serviceId'))
        .where('db_value_id', '=', p('dbValueId')),
    ),
  };
}
const statements = new Map<DialectName, ReturnType<typeof ticketStatements>>();
function statementsFor(dialect: DialectName) {
  let s = statements.get(dialect);
  if (!s) {
    s = ticketStatements();
    statements.set(dialect, s);
  }
  return s;
}

/** SQL of scan-tickets instances: ticket states (migration 0016) and the counts and codes of the ticket database. */
export class ScanTicketsRepo {
  constructor(
    readonly db: Kysely<Database>,
    readonly dialect: DialectName,
  ) {}

  /**
   * The state of a ticket, made when missing and locked until the transaction ends, in one statement:
   * an upsert that touches the row. On PostgreSQL the update takes the row lock, so two gates scanning the
   * same ticket queue here and the second reads the state the first committed; SQLite serializes scans anyway.
   */
  async lockState(accountId: number, serviceId: number, dbValueId: number): Promise<TicketState> {
    const [row] = await statementsFor(this.dialect).lock(this.db, { accountId, serviceId, dbValueId, now: nowIso() });
    if (!row) throw new Error('the ticket state upsert returned no row');
    return row;
  }

  /** Writes a ticket's state after a scan moved it. */
  async saveState(accountId: number, serviceId: number, dbValueId: number, state: TicketState): Promise<void> {
    await statementsFor(this.dialect).save(this.db, { accountId, serviceId, dbValueId, now: nowIso(), ...state });
  }

  /** When, with which service, on which device and by whom a scan of the account was made. */
  async place(accountId: number, scanId: number): Promise<ScanPlace | undefined> {
    return this.db
      .selectFrom('scans as s')
      .leftJoin('services as sv', 'sv.id', 's.service_id')
      .leftJoin('devices as d', 'd.id', 's.device_id')
      .leftJoin('app_users as u', 'u.id', 's.app_user_id')
      .select(['s.scanned_at', 'sv.name as service_name', 'd.name as device_name', 'u.username as user_name'])
      .where('s.account_id', '=', accountId)
      .where('s.id', '=', scanId)
      .executeTakeFirst();
  }

  /** Codes in the database, tickets that entered, entries on a local day and tickets inside now. */
  async summary(accountId: number, serviceId: number, databaseId: number | null, day: string): Promise<{ codes: number; entered: number; entriesToday: number; inside: number }> {
    const codes = databaseId === null ? 0 : await this.countCodes(accountId, databaseId);
    const states = await this.db
      .selectFrom('scan_ticket_states')
      .select((eb) => [
        eb.fn.sum<number>(eb.case().when('entries', '>', 0).then(1).else(0).end()).as('entered'),
        eb.fn.sum<number>(eb.case().when('day', '=', day).then(eb.ref('day_entries')).else(0).end()).as('today'),
        eb.fn.sum<number>('inside').as('inside'),
      ])
      .where('account_id', '=', accountId)
      .where('service_id', '=', serviceId)
      .executeTakeFirstOrThrow();
    return { codes, entered: Number(states.entered ?? 0), entriesToday: Number(states.today ?? 0), inside: Number(states.inside ?? 0) };
  }

  /** The first `limit` codes of a database, oldest first (the export). */
  async codes(accountId: number, databaseId: number, limit: number): Promise<string[]> {
    const rows = await this.db.selectFrom('db_values').select('value').where('account_id', '=', accountId).where('database_id', '=', databaseId).orderBy('id').limit(limit).execute();
    return rows.map((r) => r.value);
  }

  /** How many codes a database holds. */
  async countCodes(accountId: number, databaseId: number): Promise<number> {
    const row = await this.db.selectFrom('db_values').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId).where('database_id', '=', databaseId).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
