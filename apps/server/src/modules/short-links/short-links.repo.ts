import type { Kysely, Selectable } from 'kysely';
import type { Database, ShortLinksTable } from '../../platform/db/schema.js';
import { containsText } from '../../platform/db/dialect.js';
import type { DialectName } from '../../platform/db/database.js';

export type ShortLinkRow = Selectable<ShortLinksTable>;

const COLUMNS = ['id', 'account_id', 'code', 'target', 'label', 'kind', 'created_by', 'created_at', 'expires_at', 'revoked_at', 'visits', 'last_visit_at', 'source', 'source_id', 'sealed_target'] as const;

/** Which links a list shows: by status at `now`, and a term in the label, code or target. */
export type ShortLinkFilter = { status?: 'active' | 'expired' | 'revoked'; search?: string; now: string };

/** SQL of short links (migration 0028): the links of an account, their visits, and the lookup of `/l/<code>`. */
export class ShortLinksRepo {
  constructor(
    readonly db: Kysely<Database>,
    readonly dialect: DialectName,
  ) {}

  async insert(values: { accountId: number; code: string; target: string; label: string; kind: ShortLinkRow['kind']; createdBy: number | null; createdAt: string; expiresAt: string | null; source?: ShortLinkRow['source']; sourceId?: number | null; sealedTarget?: string | null }): Promise<ShortLinkRow> {
    return this.db
      .insertInto('short_links')
      .values({
        account_id: values.accountId,
        code: values.code,
        target: values.target,
        label: values.label,
        kind: values.kind,
        created_by: values.createdBy,
        created_at: values.createdAt,
        expires_at: values.expiresAt,
        source: values.source ?? 'manual',
        source_id: values.sourceId ?? null,
        sealed_target: values.sealedTarget ?? null,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  }

  async get(accountId: number, id: number): Promise<ShortLinkRow | undefined> {
    return this.db.selectFrom('short_links').select(COLUMNS).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  /** A page of the account's links, newest first, and how many match. */
  async list(accountId: number, filter: ShortLinkFilter, offset: number, limit: number): Promise<{ rows: ShortLinkRow[]; total: number }> {
    let query = this.db.selectFrom('short_links').where('account_id', '=', accountId);
    if (filter.status === 'revoked') query = query.where('revoked_at', 'is not', null);
    if (filter.status === 'expired') query = query.where('revoked_at', 'is', null).where('expires_at', '<=', filter.now);
    if (filter.status === 'active') query = query.where('revoked_at', 'is', null).where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', filter.now)]));
    const term = filter.search?.trim();
    if (term) {
      query = query.where((eb) =>
        eb.or([containsText(this.dialect, eb.ref('label'), term), containsText(this.dialect, eb.ref('code'), term), containsText(this.dialect, eb.ref('target'), term)]),
      );
    }
    const [rows, count] = await Promise.all([
      query.select(COLUMNS).orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async update(accountId: number, id: number, changes: { label?: string; expiresAt?: string | null }): Promise<void> {
    const values: { label?: string; expires_at?: string | null } = {};
    if (changes.label !== undefined) values.label = changes.label;
    if (changes.expiresAt !== undefined) values.expires_at = changes.expiresAt;
    if (Object.keys(values).length === 0) return;
    await this.db.updateTable('short_links').set(values).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  /** Revokes a link unless it already is (the first revocation time stays). */
  async revoke(accountId: number, id: number, at: string): Promise<void> {
    await this.db.updateTable('short_links').set({ revoked_at: at }).where('account_id', '=', accountId).where('id', '=', id).where('revoked_at', 'is', null).execute();
  }

  /** The active (not revoked, not expired at `now`) links of a source; `sourceId` null matches links without one. */
  async activeOfSource(accountId: number, source: ShortLinkRow['source'], sourceId: number | null, now: string): Promise<ShortLinkRow[]> {
    return this.db
      .selectFrom('short_links')
      .select(COLUMNS)
      .where('account_id', '=', accountId)
      .where('source', '=', source)
      .where('source_id', sourceId === null ? 'is' : '=', sourceId)
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .orderBy('id', 'desc')
      .execute();
  }

  /** Revokes every link of a source not yet revoked (a share link revoked, a download link replaced). */
  async revokeOfSource(accountId: number, source: ShortLinkRow['source'], sourceId: number, at: string): Promise<void> {
    await this.db.updateTable('short_links').set({ revoked_at: at }).where('account_id', '=', accountId).where('source', '=', source).where('source_id', '=', sourceId).where('revoked_at', 'is', null).execute();
  }

  /** The link of a code, whoever's it is (the redirect has no session). */
  async byCode(code: string): Promise<ShortLinkRow | undefined> {
    return this.db.selectFrom('short_links').select(COLUMNS).where('code', '=', code).executeTakeFirst();
  }

  /** Counts a visit and logs it, in one transaction. */
  async recordVisit(link: { accountId: number; id: number }, visit: { at: string; userAgent: string; referrerHost: string }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('short_links')
        .set((eb) => ({ visits: eb('visits', '+', 1), last_visit_at: visit.at }))
        .where('id', '=', link.id)
        .where('account_id', '=', link.accountId)
        .execute();
      await trx.insertInto('short_link_visits').values({ account_id: link.accountId, link_id: link.id, visited_at: visit.at, user_agent: visit.userAgent, referrer_host: visit.referrerHost }).execute();
    });
  }

  /** The newest visits of a link. */
  async visits(accountId: number, linkId: number, limit: number): Promise<{ visited_at: string; user_agent: string; referrer_host: string }[]> {
    return this.db
      .selectFrom('short_link_visits')
      .select(['visited_at', 'user_agent', 'referrer_host'])
      .where('account_id', '=', accountId)
      .where('link_id', '=', linkId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
