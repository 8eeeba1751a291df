import { Migrator, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

/** Runs every pending migration; throws with the failing migration's name on error. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const provider = {
    getMigrations: () =>
      Promise.resolve(
        Object.fromEntries(
          Object.entries(migrations).map(([name, m]): [string, Migration] => [
            name,
            { up: (k: Kysely<unknown>) => m.up(k, db.dialect) },
          ]),
        ),
      ),
  };
  const migrator = new Migrator({ db: db.kysely, provider });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  const failed = result.results?.find((r) => r.status === 'Error');
  if (result.error !== undefined || failed) {
    const cause = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause}`, { cause: result.error });
  }
  return (result.results ?? []).map((r) => r.migrationName);
}
