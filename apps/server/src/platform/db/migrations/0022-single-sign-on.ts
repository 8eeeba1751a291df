import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { notNullDefault, timestampType, withIdColumn } from '../dialect.js';

/**
 * Single sign-on with OpenID Connect (issue 16, docs/SSO.md): one identity provider per account, and the email
 * domains that find it at sign-in. The client secret is stored encrypted (AES-256-GCM, SECRETS_KEY).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  await withIdColumn(dialect, db.schema.createTable('sso_configs'))
    .addColumn('account_id', 'integer', (c) => c.notNull().unique().references('accounts.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', notNullDefault(0))
    .addColumn('issuer_url', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    // `v1.<iv>.<tag>.<ciphertext>` (base64url), or '' when none is stored.
    .addColumn('client_secret_enc', 'text', notNullDefault(''))
    .addColumn('jit_enabled', 'integer', notNullDefault(0))
    .addColumn('jit_default_role', 'text', notNullDefault('admin'))
    .addColumn('group_claim', 'text', notNullDefault('groups'))
    // JSON array of { group, role }, first match wins.
    .addColumn('group_roles', 'text', notNullDefault('[]'))
    .addColumn('require_sso', 'integer', notNullDefault(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  // Allowed email domains (lower case); sign-in finds an account's identity provider by the domain of the address.
  await db.schema
    .createTable('sso_domains')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sso_domains_pk', ['account_id', 'domain'])
    .execute();
  await db.schema.createIndex('sso_domains_domain_idx').on('sso_domains').column('domain').execute();
}
