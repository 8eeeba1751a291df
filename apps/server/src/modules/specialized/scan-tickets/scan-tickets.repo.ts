import type { Kysely } from 'kysely';
import type { DialectName } from '../../../platform/db/database.js';
import { nowIso } from '../../../platform/db/dialect.js';
import { prepared } from '../../../platform/db/prepared.js';
import type { Database } from '../../../platform/db/schema.js';

/** The entry state of one ticket in one scan-tickets service. */
export type TicketState = { entries: number; day: string; day_entries: number; inside: number };

/** Where and when a scan happened (a duplicate shows its ticket's first entry). */
export type ScanPlace = { scanned_at: string; service_name: string | null; device_name: string | null; user_name: string | null };

const stateColumns = ['entries', 'day', 'day_entries', 'inside', 'seen'] as const;
type Key = { accountId: number; serviceId: number; dbValueId: number; now: string };

// The statements every scan of a known ticket runs, compiled once per dialect (the hot path of a gate).
function ticketStatements() {
  return {
    lock: prepared<Key & TicketState, TicketState & { seen: number }>((db, p) =>
      db
        .insertInto('scan_ticket_states')
        .values({ account_id: p('accountId'), service_id: p('serviceId'), db_value_id: p('dbValueId'), entries: p('entries'), day: p('day'), day_entries: p('day_entries'), inside: p('inside'), seen: 0, updated_at: p('now') })
        .onConflict((oc) => oc.columns(['account_id', 'service_id', 'db_value_id']).doUpdateSet((eb) => ({ seen: eb('scan_ticket_states.seen', '+', 1), updated_at: p('now') })))
        .returning(stateColumns),
    ),
    save: prepared<Key & TicketState, never>((db, p) =>
      db
        .updateTable('scan_ticket_states')
        .set({ entries: p('entries'), day: p('day'), day_entries: p('day_entries'), inside: p('inside'), updated_at: p('now') })
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
   * The state of a ticket, locked until the transaction ends, in one statement: an upsert that makes the
   * row with `fresh` (the state after this scan, as decided for a ticket never scanned) or touches the
   * existing one. Answers the row and whether this call made it. On PostgreSQL the update takes the row
   * lock, so two gates scanning one ticket queue here and the second reads what the first committed;
   * SQLite serializes scans anyway.
   */
  async lockState(accountId: number, serviceId: number, dbValueId: number, fresh: TicketState): Promise<{ state: TicketState; made: boolean }> {
    const [row] = await statementsFor(this.dialect).lock(this.db, { accountId, serviceId, dbValueId, now: nowIso(), ...fresh });
    if (!row) throw new Error('the ticket state upsert returned no row');
    const { seen, ...state } = row;
    return { state, made: Number(seen) === 0 };
  }

  /** Writes a ticket's state after a scan moved it. */
  async saveState(accountId: number, serviceId: number, dbValueId: number, state: TicketState): Promise<void> {
    await statementsFor(this.dialect).save(this.db, { accountId, serviceId, dbValueId, now: nowIso(), ...state });
  }

  /**
   * When, with which service, on which device and by whom the first (or last) valid scan of a ticket in a
   * service was made: its first entry (or, with re-entry, the entry it is inside on).
   */
  async place(accountId: number, serviceId: number, dbValueId: number, which: 'first' | 'last'): Promise<ScanPlace | undefined> {
    return this.db
      .selectFrom('scans as s')
      .leftJoin('services as sv', 'sv.id', 's.service_id')
      .leftJoin('devices as d', 'd.id', 's.device_id')
      .leftJoin('app_users as u', 'u.id', 's.app_user_id')
      .select(['s.scanned_at', 'sv.name as service_name', 'd.name as device_name', 'u.username as user_name'])
      .where('s.service_id', '=', serviceId)
      .where('s.db_value_id', '=', dbValueId)
      .where('s.status', '=', 1)
      .where('s.account_id', '=', accountId)
      .orderBy('s.id', which === 'first' ? 'asc' : 'desc')
      .limit(1)
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
