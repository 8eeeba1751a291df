import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../config.js';
import { assertBlobKey } from '../platform/storage/blob-storage.js';
import { extractEntry, readEntry, readTarIndex, TarWriter } from './tar.js';

// A backup is one uncompressed tar file (any `tar` lists and unpacks it):
//   manifest.json   what it holds (format, version, database kind, migrations, file count)
//   scanbase.db     SQLite only: a consistent copy made with SQLite's online backup API
//   files/<key>     every stored file (photos, signatures, logos, task uploads, export results)
// On PostgreSQL the database is not in it: pg_dump is the tool (docs/OPERATIONS.md "Backup").

const FORMAT = 'scanbase-backup';
const VERSION = 1;
const DB_ENTRY = 'scanbase.db';

/** What a backup holds, written first in the archive. */
export type BackupManifest = { format: typeof FORMAT; version: number; createdAt: string; database: 'sqlite' | 'postgres'; migrations: string[]; files: number };

/** Stored files under `root`, as blob keys; half-written temp files and in-flight upload spools are left out. */
async function storedFiles(root: string): Promise<string[]> {
  const keys: string[] = [];
  const walk = async (dir: string, prefix: string): Promise<void> => {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const key = prefix ? `${prefix}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (key !== 'uploads/tmp') await walk(path.join(dir, e.name), key);
      } else if (e.isFile() && !e.name.endsWith('.tmp') && !e.name.endsWith('.restoring')) keys.push(key);
    }
  };
  await walk(root, '');
  return keys;
}

function migrationsOf(sqliteFile: string): string[] {
  const db = new SQLite(sqliteFile, { readonly: true });
  try {
    const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'").get();
    return exists ? (db.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as { name: string }[]).map((r) => r.name) : [];
  } finally {
    db.close();
  }
}

/**
 * Writes a backup of this install to `file` while the server may be running. The database is
 * copied first, then the files: a row in the copy names a file written before the row, so every
 * file it names is in the archive (a file deleted between the two steps is the exception).
 */
export async function createBackup(config: Config, file: string): Promise<BackupManifest & { fileBytes: number }> {
  const target = path.resolve(file);
  const work = await fs.mkdtemp(path.join(path.dirname(target), '.scanbase-backup-'));
  try {
    let migrations: string[] = [];
    const copy = path.join(work, DB_ENTRY);
    if (config.database.kind === 'sqlite') {
      if (!existsSync(config.database.file)) throw new Error(`There is no database at ${config.database.file}: check DATA_DIR.`);
      const source = new SQLite(config.database.file, { fileMustExist: true });
      try {
        source.pragma('busy_timeout = 5000');
        // SQLite's online backup: pages are copied in steps and the copy restarts if a writer changes
        // the database meanwhile, so the result is one consistent snapshot; the server keeps writing.
        await source.backup(copy);
      } finally {
        source.close();
      }
      migrations = migrationsOf(copy);
    }
    const root = path.join(config.dataDir, 'files');
    const keys = await storedFiles(root);
    const partial = `${target}.partial`;
    const tar = await TarWriter.create(partial);
    let fileBytes = 0;
    let files = 0;
    const manifest: BackupManifest = { format: FORMAT, version: VERSION, createdAt: new Date().toISOString(), database: config.database.kind, migrations, files: keys.length };
    try {
      // The manifest goes first with the files listed; one deleted meanwhile is skipped below.
      await tar.addBuffer('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)));
      if (config.database.kind === 'sqlite') await tar.addFile(DB_ENTRY, copy);
      for (const key of keys) {
        try {
          fileBytes += await tar.addFile(`files/${key}`, path.join(root, key));
          files++;
        } catch (error) {
          // Deleted since it was listed (its scan was deleted): nothing to keep.
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
      await tar.close();
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
    await fs.rename(partial, target);
    return { ...manifest, files, fileBytes };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** Thrown when a restore would overwrite data or does not fit this install; the CLI prints the message. */
export class RestoreRefused extends Error {}

/** Whether DATA_DIR already holds an install: a SQLite database, or any stored file. */
async function holdsData(config: Config): Promise<string | undefined> {
  if (config.database.kind === 'sqlite') {
    for (const f of [config.database.file, `${config.database.file}-wal`]) if (existsSync(f)) return f;
  }
  const files = await storedFiles(path.join(config.dataDir, 'files'));
  return files.length > 0 ? path.join(config.dataDir, 'files') : undefined;
}

/**
 * Restores a backup into this install's DATA_DIR (the server must be stopped). Refuses when
 * DATA_DIR already holds a database or stored files, unless `force`, which replaces them.
 */
export async function restoreBackup(config: Config, file: string, options: { force: boolean }): Promise<BackupManifest> {
  const entries = await readTarIndex(file);
  const manifestEntry = entries.find((e) => e.name === 'manifest.json');
  let manifest: BackupManifest | undefined;
  try {
    manifest = manifestEntry ? (JSON.parse((await readEntry(file, manifestEntry)).toString('utf8')) as BackupManifest) : undefined;
  } catch {
    manifest = undefined;
  }
  if (manifest?.format !== FORMAT) throw new RestoreRefused(`${file} is not a Scanbase backup (no manifest.json).`);
  if (manifest.version > VERSION) throw new RestoreRefused(`${file} was written by a newer Scanbase (backup format ${manifest.version}); restore it with that version.`);
  if (manifest.database !== config.database.kind) {
    throw new RestoreRefused(
      manifest.database === 'sqlite'
        ? `${file} holds a SQLite database, but DATABASE_URL points at PostgreSQL. Restore it with DATABASE_URL empty, then move it with data:export and data:import.`
        : `${file} was made on PostgreSQL (its database is in your pg_dump file); set DATABASE_URL to the PostgreSQL database you restore that dump into.`,
    );
  }
  const dbEntry = entries.find((e) => e.name === DB_ENTRY);
  if (manifest.database === 'sqlite' && !dbEntry) throw new RestoreRefused(`${file} has no ${DB_ENTRY}: it is damaged.`);
  const fileEntries = entries.filter((e) => e.name.startsWith('files/'));
  // Refuse before touching anything: keys are checked like the storage checks them (no `..`).
  for (const e of fileEntries) assertBlobKey(e.name.slice('files/'.length));

  const existing = await holdsData(config);
  if (existing && !options.force) throw new RestoreRefused(`${config.dataDir} already holds an install (${existing}). Restore into an empty DATA_DIR, or pass --force to replace it (stop the server first).`);
  await fs.mkdir(config.dataDir, { recursive: true });
  if (options.force) {
    await fs.rm(path.join(config.dataDir, 'files'), { recursive: true, force: true });
    if (config.database.kind === 'sqlite') for (const suffix of ['', '-wal', '-shm']) await fs.rm(`${config.database.file}${suffix}`, { force: true });
  }
  const root = path.join(config.dataDir, 'files');
  for (const e of fileEntries) {
    const target = path.join(root, e.name.slice('files/'.length));
    await fs.mkdir(path.dirname(target), { recursive: true });
    await extractEntry(file, e, target);
  }
  // The database last: an install that has a database has all its files.
  if (config.database.kind === 'sqlite' && dbEntry) {
    await extractEntry(file, dbEntry, config.database.file);
    const check = new SQLite(config.database.file, { fileMustExist: true });
    try {
      const result = check.pragma('quick_check', { simple: true });
      if (result !== 'ok') throw new Error(`The restored database fails SQLite's check: ${String(result)}`);
    } finally {
      check.close();
    }
  }
  return { ...manifest, files: fileEntries.length };
}

/** The pg_dump / pg_restore lines printed for a PostgreSQL install. */
export function postgresHint(kind: 'backup' | 'restore'): string {
  return kind === 'backup'
    ? `The database is in PostgreSQL and is not in this file. Back it up with pg_dump, before this command, e.g.:${os.EOL}  pg_dump --format=custom --file=scanbase-$(date +%F).pgdump "$DATABASE_URL"`
    : `Now load the database into an empty PostgreSQL database with pg_restore, e.g.:${os.EOL}  pg_restore --no-owner --dbname="$DATABASE_URL" scanbase-YYYY-MM-DD.pgdump${os.EOL}then start Scanbase (migrations run at start).`;
}
