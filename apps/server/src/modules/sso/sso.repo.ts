import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { nowIso } from '../../platform/db/dialect.js';

export type SsoConfigRow = {
  account_id: number;
  enabled: number;
  issuer_url: string;
  client_id: string;
  client_secret_enc: string;
  jit_enabled: number;
  jit_default_role: string;
  group_claim: string;
  group_roles: string;
  require_sso: number;
  protocol: string;
  saml_idp_entity_id: string;
  saml_idp_sso_url: string;
  saml_idp_certs: string;
  display_name: string;
  app_users_enabled: number;
  app_users_require_sso: number;
  app_users_jit: number;
  app_user_groups: string;
  updated_at: string;
};

const columns = [
  'account_id',
  'enabled',
  'issuer_url',
  'client_id',
  'client_secret_enc',
  'jit_enabled',
  'jit_default_role',
  'group_claim',
  'group_roles',
  'require_sso',
  'protocol',
  'saml_idp_entity_id',
  'saml_idp_sso_url',
  'saml_idp_certs',
  'display_name',
  'app_users_enabled',
  'app_users_require_sso',
  'app_users_jit',
  'app_user_groups',
  'updated_at',
] as const;

export type SsoConfigInput = Omit<SsoConfigRow, 'account_id' | 'updated_at'>;

/** SQL for an account's OpenID Connect settings and its allowed email domains; every query names the account. */
export class SsoRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Whether any account of this install signs its app users in with SSO (the scanner's and portals' generic button). */
  async anyAppUsersEnabled(): Promise<boolean> {
    const row = await this.db.selectFrom('sso_configs').select('account_id').where('enabled', '=', 1).where('app_users_enabled', '=', 1).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  async get(accountId: number): Promise<SsoConfigRow | undefined> {
    return this.db.selectFrom('sso_configs').select(columns).where('account_id', '=', accountId).executeTakeFirst();
  }

  async domains(accountId: number): Promise<string[]> {
    const rows = await this.db.selectFrom('sso_domains').select('domain').where('account_id', '=', accountId).orderBy('domain').execute();
    return rows.map((r) => r.domain);
  }

  /** Writes the settings and replaces the domains, in one transaction. */
  async save(accountId: number, input: SsoConfigInput, domains: string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const updated = await trx.updateTable('sso_configs').set({ ...input, updated_at: now }).where('account_id', '=', accountId).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) await trx.insertInto('sso_configs').values({ ...input, account_id: accountId, created_at: now, updated_at: now }).execute();
      await trx.deleteFrom('sso_domains').where('account_id', '=', accountId).execute();
      if (domains.length > 0) await trx.insertInto('sso_domains').values(domains.map((domain) => ({ account_id: accountId, domain }))).execute();
    });
  }

  /** Accounts whose switched-on identity provider lists the domain; with `appUsers`, only those whose provider also signs in app users. */
  async accountsForDomain(domain: string, { appUsers }: { appUsers: boolean }): Promise<number[]> {
    const rows = await this.db
      .selectFrom('sso_domains')
      .innerJoin('sso_configs', 'sso_configs.account_id', 'sso_domains.account_id')
      .select('sso_domains.account_id')
      .where('sso_domains.domain', '=', domain)
      .where('sso_configs.enabled', '=', 1)
      .$if(appUsers, (qb) => qb.where('sso_configs.app_users_enabled', '=', 1))
      .orderBy('sso_domains.account_id')
      .execute();
    return rows.map((r) => r.account_id);
  }

  /** Of these accounts, the ones with a switched-on identity provider. */
  async enabledAmong(accountIds: number[]): Promise<number[]> {
    if (accountIds.length === 0) return [];
    const rows = await this.db.selectFrom('sso_configs').select('account_id').where('account_id', 'in', accountIds).where('enabled', '=', 1).orderBy('account_id').execute();
    return rows.map((r) => r.account_id);
  }

  /**
   * Records a SAML assertion as used; false when it already was (a replay). Expired ids are swept first, so the
   * table holds only assertions that could still be presented.
   */
  async useAssertion(accountId: number, assertionId: string, expiresAt: string): Promise<boolean> {
    await this.db.deleteFrom('sso_saml_assertions').where('expires_at', '<', nowIso()).execute();
    const inserted = await this.db
      .insertInto('sso_saml_assertions')
      .values({ account_id: accountId, assertion_id: assertionId, expires_at: expiresAt })
      .onConflict((oc) => oc.columns(['account_id', 'assertion_id']).doNothing())
      .returning('assertion_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** True when the account's app users (but its owner's) must sign in through its switched-on provider. */
  async requiresAppSso(accountId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('sso_configs')
      .select('account_id')
      .where('account_id', '=', accountId)
      .where('enabled', '=', 1)
      .where('app_users_enabled', '=', 1)
      .where('app_users_require_sso', '=', 1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** True when the account's team members must sign in through its (switched-on) identity provider. */
  async requiresSso(accountId: number): Promise<boolean> {
    const row = await this.db.selectFrom('sso_configs').select('account_id').where('account_id', '=', accountId).where('enabled', '=', 1).where('require_sso', '=', 1).executeTakeFirst();
    return row !== undefined;
  }
}
