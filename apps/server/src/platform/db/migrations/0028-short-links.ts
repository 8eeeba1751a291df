import type { Kysely } from 'kysely';
import { notNullDefault, timestampType, withIdColumn } from '../dialect.js';
import type { DialectName } from '../database.js';

/**
 * Short links (`account/links/`, issues 14 and 15): a short address `/l/<code>` on our own origin that sends its
 * visitor to a page of the account's (a share link, a download link, a portal sign-in), with expiry, revocation and
 * a count and log of visits. Decisions in docs/SHORT-LINKS.md.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  await withIdColumn(dialect, db.schema.createTable('short_links'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    // A path on our own origin with its query (`/scan-to-excel/…`, `/checkinout/signin/…`): never another host.
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('label', 'text', notNullDefault(''))
    // page | download | portal | share, read from the target when the link is made.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts)
    .addColumn('revoked_at', ts)
    .addColumn('visits', 'integer', notNullDefault(0))
    .addColumn('last_visit_at', ts)
    .execute();
  await db.schema.createIndex('short_links_code_idx').on('short_links').column('code').unique().execute();
  await db.schema.createIndex('short_links_account_idx').on('short_links').columns(['account_id', 'id']).execute();

  await withIdColumn(dialect, db.schema.createTable('short_link_visits'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('link_id', 'integer', (c) => c.notNull().references('short_links.id').onDelete('cascade'))
    .addColumn('visited_at', ts, (c) => c.notNull())
    .addColumn('user_agent', 'text', notNullDefault(''))
    // Only the referring site's host: the full referrer can carry another site's secrets.
    .addColumn('referrer_host', 'text', notNullDefault(''))
    .execute();
  await db.schema.createIndex('short_link_visits_link_idx').on('short_link_visits').columns(['link_id', 'id']).execute();
}
