import { tz } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { createRequire } from 'node:module';
import type { Archiver, ArchiverOptions } from 'archiver';
import { MAX_TICKET_EXPORT, type LabelLayoutName } from '@scanbase/contracts';
import type { Db } from '../../../platform/db/database.js';
import { AppError } from '../../../platform/errors.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.js';
import { PermanentJobError, type JobHandler } from '../../../platform/jobs/job-types.js';
import type { BlobStorage } from '../../../platform/storage/blob-storage.js';
import type { BarcodesService } from '../../barcodes/barcodes.service.js';
import { SpecializedRepo } from '../specialized.repo.js';
import { ScanTicketsRepo } from './scan-tickets.repo.js';

const archiver = createRequire(import.meta.url)('archiver') as (format: 'zip', options: ArchiverOptions) => Archiver;

/** The job type of a ticket export (not a task: it is started from the instance's database tab). */
export const TICKET_EXPORT_JOB = 'scan-tickets.export';

type ExportPayload = { instanceId: number; databaseId: number; format: 'pdf' | 'zip'; layout: LabelLayoutName; symbology: string };

/** A file name part made of safe characters. */
function safeName(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80) || 'ticket';
}

/** Scan-tickets instances beyond the generic specialized routes: counts, and the export of the codes as labels. */
export class ScanTicketsService {
  constructor(private readonly deps: { db: Db; queue: JobQueue; barcodes: BarcodesService; storage: BlobStorage }) {}

  private async instance(accountId: number, id: number) {
    const row = await new SpecializedRepo(this.deps.db.kysely, this.deps.db.dialect).get(accountId, id);
    if (!row || row.specialized_type !== 'scan-tickets') throw new AppError('NOT_FOUND', `Scan-tickets service ${id} does not exist.`);
    return row;
  }

  /** Codes, tickets that entered, entries today and tickets inside now. */
  async summary(accountId: number, id: number) {
    const row = await this.instance(accountId, id);
    const specialized = new SpecializedRepo(this.deps.db.kysely, this.deps.db.dialect);
    const day = format(new Date(), 'yyyy-MM-dd', { in: tz(await specialized.timeZone(accountId)) });
    return new ScanTicketsRepo(this.deps.db.kysely, this.deps.db.dialect).summary(accountId, id, row.database_id, day);
  }

  /** Queues the export of the instance's codes; answers the job id. */
  async exportStart(accountId: number, input: { id: number; format: 'pdf' | 'zip'; layout: LabelLayoutName; symbology: string }): Promise<number> {
    const row = await this.instance(accountId, input.id);
    if (row.database_id === null) throw new AppError('CONFLICT', 'This service has no ticket database.');
    const count = await new ScanTicketsRepo(this.deps.db.kysely, this.deps.db.dialect).countCodes(accountId, row.database_id);
    if (count === 0) throw new AppError('CONFLICT', 'There are no ticket codes to export yet: add, import or auto-fill codes first.');
    if (count > MAX_TICKET_EXPORT) throw new AppError('CONFLICT', `An export holds at most ${MAX_TICKET_EXPORT.toLocaleString('en-US')} codes; this database has ${count.toLocaleString('en-US')}.`);
    const payload: ExportPayload = { instanceId: input.id, databaseId: row.database_id, format: input.format, layout: input.layout, symbology: input.symbology };
    const jobId = await this.deps.queue.enqueue(TICKET_EXPORT_JOB, payload, { accountId, taskId: null, maxAttempts: 2 });
    if (jobId === undefined) throw new AppError('CONFLICT', 'The export could not be queued.');
    return jobId;
  }

  /** The export job: a PDF label sheet through the label-sheet code, or a ZIP of PNG barcodes. */
  exportJob(): JobHandler {
    return async (ctx) => {
      const accountId = ctx.accountId;
      if (accountId === null) throw new PermanentJobError('A ticket export needs an account.');
      const p = ctx.payload as ExportPayload;
      const codes = await new ScanTicketsRepo(this.deps.db.kysely, this.deps.db.dialect).codes(accountId, p.databaseId, MAX_TICKET_EXPORT);
      if (codes.length === 0) throw new PermanentJobError('There are no ticket codes to export.');
      const key = (name: string) => `accounts/${accountId}/jobs/${ctx.jobId}/${name}`;
      const progress = (done: number, total: number) => {
        ctx.signal.throwIfAborted();
        ctx.progress(done, total, done < total ? `Rendered ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} tickets` : 'Writing the file');
      };
      ctx.progress(0, codes.length, 'Rendering tickets');
      if (p.format === 'pdf') {
        const pdf = await this.deps.barcodes.labels({ layout: p.layout, values: codes, symbology: p.symbology, showValue: true, skip: 0, copies: 1 }, progress);
        const name = `tickets-${p.instanceId}.pdf`;
        await this.deps.storage.put(key(name), pdf, 'application/pdf');
        await ctx.log(`Wrote ${name}: ${codes.length.toLocaleString('en-US')} ticket labels (${p.layout}).`);
        return { file: { key: key(name), name, contentType: 'application/pdf', size: pdf.length }, summary: `${codes.length.toLocaleString('en-US')} ticket labels ready.` };
      }
      const name = `tickets-${p.instanceId}.zip`;
      // PNGs are compressed already: stored, not deflated again.
      const zip = archiver('zip', { store: true });
      const stored = this.deps.storage.putStream(key(name), zip, 'application/zip');
      try {
        const chunk = 32;
        for (let i = 0; i < codes.length; i += chunk) {
          const part = codes.slice(i, i + chunk);
          const images = await Promise.all(part.map((code) => this.deps.barcodes.render(code, 'png', { symbology: p.symbology, showValue: true })));
          images.forEach((img, j) => zip.append(img.body, { name: `${String(i + j + 1).padStart(String(codes.length).length, '0')}-${safeName(part[j]!)}.png` }));
          progress(Math.min(i + chunk, codes.length), codes.length);
        }
        await zip.finalize();
      } catch (error) {
        zip.abort();
        await stored.catch(() => undefined);
        await this.deps.storage.delete(key(name));
        throw error;
      }
      const size = await stored;
      await ctx.log(`Wrote ${name}: ${codes.length.toLocaleString('en-US')} PNG barcodes.`);
      return { file: { key: key(name), name, contentType: 'application/zip', size }, summary: `${codes.length.toLocaleString('en-US')} ticket images ready.` };
    };
  }
}
