import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { notNullDefault, timestampType, withIdColumn } from '../dialect.js';

/**
 * The postback delivery log (issue 16, docs/INTEGRATIONS.md): every attempt to post a scan to a service's
 * postback URL (validation) or forwarding URL, with its outcome, for `account/integrations/postback`.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  await withIdColumn(dialect, db.schema.createTable('postback_deliveries'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('scan_id', 'integer')
    .addColumn('url', 'text', (c) => c.notNull())
    // validate (a postback service asks its server) | forward (a copy of the scan is sent)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ok', 'integer', notNullDefault(0))
    .addColumn('http_status', 'integer')
    // The verdict's text, or why the attempt failed.
    .addColumn('outcome', 'text', notNullDefault(''))
    .addColumn('duration_ms', 'integer', notNullDefault(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.alterTable('webhook_subscriptions').addColumn('source', 'text', notNullDefault('')).execute();
  await db.schema.createIndex('postback_deliveries_service_idx').on('postback_deliveries').columns(['account_id', 'service_id', 'id']).execute();
}
