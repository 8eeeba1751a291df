import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { notNullDefault, timestampType } from '../dialect.js';

/**
 * SAML 2.0 single sign-on (issue 16, docs/SSO.md): an account's identity provider speaks OpenID Connect or SAML;
 * for SAML we keep the IdP's entity id, sign-in URL and signing certificates (public: no encryption needed), and
 * the ids of assertions already used until they expire, so a replayed assertion is refused.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable('sso_configs').addColumn('protocol', 'text', notNullDefault('oidc')).execute();
  await db.schema.alterTable('sso_configs').addColumn('saml_idp_entity_id', 'text', notNullDefault('')).execute();
  await db.schema.alterTable('sso_configs').addColumn('saml_idp_sso_url', 'text', notNullDefault('')).execute();
  // PEM certificates, separated by blank lines (an IdP rolling its key lists two).
  await db.schema.alterTable('sso_configs').addColumn('saml_idp_certs', 'text', notNullDefault('')).execute();
  await db.schema
    .createTable('sso_saml_assertions')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('assertion_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('sso_saml_assertions_pk', ['account_id', 'assertion_id'])
    .execute();
  await db.schema.createIndex('sso_saml_assertions_expires_idx').on('sso_saml_assertions').column('expires_at').execute();
}
