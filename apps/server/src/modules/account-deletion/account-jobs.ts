import { once } from 'node:events';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Archiver, ArchiverOptions } from 'archiver';
import { csvLine } from '../../platform/csv/csv-file.js';
import type { JobHandler } from '../../platform/jobs/job-types.js';
import { derivedTables } from '../../platform/db/tables.js';
import type { BlobStorage } from '../../platform/storage/blob-storage.js';
import type { AccountDeletionRepo, AccountTable } from './account-deletion.repo.js';

// archiver 7 exports a factory; the installed typings describe version 8's classes (as in xlsx-stream.ts).
const archiver = createRequire(import.meta.url)('archiver') as (format: 'zip', options: ArchiverOptions) => Archiver;

export const ACCOUNT_EXPORT_JOB = 'account.export';
export const ACCOUNT_PURGE_JOB = 'account.purge';

const BATCH = 2_000;
const EXPORT_FOLDER = 'account-export';

/** Every stored key under a folder, depth first. */
async function* walk(storage: BlobStorage, folder: string): AsyncGenerator<string> {
  for (const entry of await storage.list(folder)) {
    const key = `${folder}/${entry.name}`;
    if (entry.folder) yield* walk(storage, key);
    else yield key;
  }
}

async function writeTo(out: fs.WriteStream, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

async function close(out: fs.WriteStream): Promise<void> {
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

/** Writes one table's rows of the account to a CSV file and a JSON Lines file; answers the row count. */
async function dumpTable(repo: AccountDeletionRepo, t: AccountTable, accountId: number, dir: string, signal: AbortSignal): Promise<number> {
  const csv = fs.createWriteStream(path.join(dir, `${t.name}.csv`));
  const jsonl = fs.createWriteStream(path.join(dir, `${t.name}.jsonl`));
  await writeTo(csv, `\uFEFF${csvLine(t.columns)}`);
  let rows = 0;
  let after = 0;
  for (;;) {
    signal.throwIfAborted();
    const batch = await repo.rows(t, accountId, after, BATCH);
    for (const row of batch) {
      await writeTo(csv, csvLine(t.columns.map((c) => row[c])));
      await writeTo(jsonl, `${JSON.stringify(row)}\n`);
    }
    rows += batch.length;
    if (t.key === null || batch.length < BATCH) break;
    after = Number(batch[batch.length - 1]?.[t.key]);
  }
  await Promise.all([close(csv), close(jsonl)]);
  return rows;
}

/** "Download everything": every table of the account as CSV and JSON Lines, and every stored file, in one ZIP. */
export function accountExportHandler(deps: { repo: AccountDeletionRepo; storage: BlobStorage }): JobHandler {
  return async (ctx) => {
    const accountId = ctx.accountId;
    if (accountId === null) throw new Error('An account export needs an account.');
    const tables = await deps.repo.exportTables();
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'scanbase-account-export-'));
    try {
      const counts: Record<string, number> = {};
      for (const [i, t] of tables.entries()) {
        ctx.progress(i, tables.length + 1, `Reading ${t.name.replace(/_/g, ' ')}`);
        counts[t.name] = await dumpTable(deps.repo, t, accountId, dir, ctx.signal);
      }
      ctx.progress(tables.length, tables.length + 1, 'Packing the files');
      const day = new Date().toISOString().slice(0, 10);
      const name = `scanbase-account-${accountId}-${day}.zip`;
      const key = `accounts/${accountId}/${EXPORT_FOLDER}/${ctx.jobId}-${name}`;
      const zip = archiver('zip', { zlib: { level: 6 } });
      const stored = deps.storage.putStream(key, zip, 'application/zip');
      stored.catch(() => undefined);
      const readme = [
        `Everything of account ${accountId}, exported ${new Date().toISOString()}.`,
        '',
        'tables/<name>.csv    every table, one row per record (spreadsheet-safe: cells that would run as formulas start with \')',
        'tables/<name>.jsonl  the same rows as JSON, one record per line (exact values)',
        'files/               photos, signatures, logos, imported files and task results, by their storage path',
        '',
        'Passwords, key hashes and sign-in tokens are not included.',
        '',
        ...Object.entries(counts).map(([table, n]) => `${table}: ${n} rows`),
        '',
      ].join('\n');
      zip.append(readme, { name: 'README.txt' });
      for (const t of tables) {
        zip.file(path.join(dir, `${t.name}.csv`), { name: `tables/${t.name}.csv` });
        zip.file(path.join(dir, `${t.name}.jsonl`), { name: `tables/${t.name}.jsonl` });
      }
      let files = 0;
      const root = `accounts/${accountId}`;
      for await (const fileKey of walk(deps.storage, root)) {
        if (fileKey.startsWith(`${root}/${EXPORT_FOLDER}/`)) continue;
        const data = await deps.storage.get(fileKey);
        if (data === undefined) continue;
        zip.append(data, { name: `files/${fileKey.slice(root.length + 1)}` });
        files++;
      }
      await zip.finalize();
      const size = await stored;
      ctx.progress(tables.length + 1, tables.length + 1, 'Ready');
      const rows = Object.values(counts).reduce((a, b) => a + b, 0);
      return { file: { key, name, contentType: 'application/zip', size }, summary: `${rows.toLocaleString('en')} rows in ${tables.length} tables and ${files} files.` };
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  };
}

/** The purge at the end of the grace period: every row of the account in every table, then its files. Does nothing when cancelled. */
export function accountPurgeHandler(deps: { repo: AccountDeletionRepo; storage: BlobStorage; isDue: (accountId: number) => Promise<boolean> }): JobHandler {
  return async (ctx) => {
    const { accountId } = ctx.payload as { accountId: number };
    if (!(await deps.isDue(accountId))) return { summary: 'The deletion was cancelled or moved; nothing was deleted.' };
    // Children before parents; the counters derived from scans last (deleting scans updates them through triggers).
    const all = [...(await deps.repo.accountTables())].reverse();
    const tables = [...all.filter((t) => !derivedTables.includes(t.name)), ...all.filter((t) => derivedTables.includes(t.name))];
    await deps.repo.deleteJobLogs(accountId);
    for (const [i, t] of tables.entries()) {
      ctx.progress(i, tables.length + 1, `Deleting ${t.name.replace(/_/g, ' ')}`);
      // In batches, each its own statement, so a million scans never hold one huge transaction.
      while ((await deps.repo.deleteBatch(t, accountId, 5_000)) >= 5_000) ctx.signal.throwIfAborted();
    }
    ctx.progress(tables.length, tables.length + 1, 'Deleting files');
    let files = 0;
    for await (const key of walk(deps.storage, `accounts/${accountId}`)) {
      await deps.storage.delete(key);
      files++;
    }
    return { summary: `Account ${accountId} deleted: every table and ${files} files.` };
  };
}
