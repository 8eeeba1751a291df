import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** SQL for install-wide flags (maintenance mode, ...). */
export class SystemSettingsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async get(key: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('system_settings').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
  }

  async set(key: string, value: string): Promise<void> {
    await this.db
      .insertInto('system_settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }
}
