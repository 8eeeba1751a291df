import { bulkScanRemovalInputs, downloadScanInputs, exportScanInputs, postbackTaskInputs } from '@scanbase/contracts';
import type { z } from 'zod';
import { postForm } from '../../platform/http/outbound-http.js';
import { PermanentJobError } from '../../platform/jobs/job-types.js';
import type { TaskCatalogue, TaskContext, TaskHandler } from '../tasks/task-catalogue.js';
import type { Postbacks } from './postback.js';
import { exportContentTypes, exportScans, type ExportLayout, type ExtraColumns } from './scan-export.js';
import { formatInZone, type ScanFilter } from './scan-filter.js';
import { searchFilter } from './scan-search.service.js';
import type { ScansRepo } from './scans.repo.js';

const RESULT = { valid: 1, invalid: 0, notValidated: -1 } as const;
const PERIOD_MS = { hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000, month: 30 * 86_400_000 } as const;
const BATCH = 5_000;

type Period = z.output<typeof downloadScanInputs>['period'];

/** The scans a run takes: of some services, with some results, received within the period. */
async function filterOf(ctx: TaskContext, input: { serviceIds: number[]; result: (keyof typeof RESULT)[]; period?: Period }, lastSuccess: (accountId: number, taskId: number) => Promise<string | undefined>): Promise<ScanFilter> {
  const f: ScanFilter = { includeDeletedServices: true, includeDeletedUsers: true, timeFields: ['received_at'] };
  if (input.serviceIds.length > 0) f.serviceIds = input.serviceIds;
  if (input.result.length > 0) f.statuses = input.result.map((r) => RESULT[r]);
  const period = input.period ?? { kind: 'all' };
  if (period.kind === 'last') f.from = new Date(Date.now() - PERIOD_MS[period.metric] * period.number).toISOString();
  if (period.kind === 'sinceLastRun' && ctx.taskId !== null) {
    const since = await lastSuccess(ctx.accountId, ctx.taskId);
    if (since) f.from = since;
  }
  return f;
}

/** What the exportscan task needs besides scans: the template ready to run, and the account's zone. */
export type ExportTemplateSource = {
  layout(accountId: number, id: number): Promise<(ExportLayout & { name: string }) | undefined>;
  accountZone(accountId: number): Promise<string>;
};

/** `scans-20260314-0930.csv`, or the template's name slugged in place of `scans`; the time is the export's zone. */
export function exportFileName(templateName: string | undefined, format: string, timeZone: string, now = new Date()): string {
  const slug = (templateName ?? '').normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase().slice(0, 60) || 'scans';
  const stamp = formatInZone(now.toISOString(), timeZone).replace(/[-:]/g, '').replace(' ', '-').slice(0, 13);
  return `${slug}-${stamp}.${format}`;
}

/** The table builder's current cells of the exported scans' rows (`tableColumns`), when any table-builder service's scans are exported. */
export type TableColumnsSource = (accountId: number, filter: ScanFilter) => Promise<ExtraColumns | undefined>;

/** Task handlers whose data is scans: download, export through a template, bulk removal, periodic postback. */
export function registerScanTasks(catalogue: TaskCatalogue, deps: { repo: ScansRepo; postbacks: Postbacks; templates: ExportTemplateSource; allowPrivateUrls: boolean; lastSuccess: (accountId: number, taskId: number) => Promise<string | undefined>; tableColumns?: TableColumnsSource }): void {
  catalogue.register('downloadscan', {
    inputs: downloadScanInputs,
    async run(ctx) {
      const input = ctx.inputs as z.output<typeof downloadScanInputs>;
      const filter = await filterOf(ctx, input, deps.lastSuccess);
      let rows = 0;
      const stream = await exportScans(deps.repo, ctx.accountId, filter, input.format, (n) => {
        rows = n;
        ctx.progress(n, null, `${n.toLocaleString('en-US')} scans written`);
      }, ctx.signal);
      const file = await ctx.saveStream(`scans.${input.format}`, exportContentTypes[input.format], stream);
      return { file, summary: `${rows.toLocaleString('en-US')} scans exported.` };
    },
  } satisfies TaskHandler);

  catalogue.register('exportscan', {
    inputs: exportScanInputs,
    async run(ctx) {
      const input = ctx.inputs as z.output<typeof exportScanInputs>;
      const accountZone = await deps.templates.accountZone(ctx.accountId);
      let template: (ExportLayout & { name: string }) | undefined;
      if (input.templateId !== null) {
        template = await deps.templates.layout(ctx.accountId, input.templateId);
        if (!template) throw new PermanentJobError(`The export template ${input.templateId} was deleted; choose another template or the default columns.`);
      }
      // Picked scans are exactly those scans (of this account), whatever the screen's filters were.
      let filter: ScanFilter;
      if (input.scanIds && input.scanIds.length > 0) filter = { scanIds: input.scanIds, includeDeletedServices: true, includeDeletedUsers: true };
      else {
        try {
          filter = searchFilter(input.filters, accountZone).filter;
        } catch (error) {
          // Filters that cannot be read (an end before the start) will not read better on a retry.
          throw new PermanentJobError(error instanceof Error ? error.message : String(error), { cause: error });
        }
      }
      // Counted first, so the progress page can draw a real bar.
      const { total } = await deps.repo.search(ctx.accountId, filter, [], { limit: 0, offset: 0 }, true);
      ctx.progress(0, total, `0 of ${total.toLocaleString('en-US')} scans written`);
      const extra = input.tableColumns && deps.tableColumns ? await deps.tableColumns(ctx.accountId, filter) : undefined;
      let rows = 0;
      const stream = await exportScans(deps.repo, ctx.accountId, filter, input.format, (n) => {
        rows = n;
        ctx.progress(n, Math.max(n, total), `${n.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} scans written`);
      }, ctx.signal, template, extra);
      const file = await ctx.saveStream(exportFileName(template?.name, input.format, template?.timeZone ?? accountZone), exportContentTypes[input.format], stream);
      ctx.progress(rows, Math.max(rows, total), `${rows.toLocaleString('en-US')} scans written`);
      return { file, summary: `${rows.toLocaleString('en-US')} scan${rows === 1 ? '' : 's'} exported${template ? ` with the template "${template.name}"` : ''}.` };
    },
  } satisfies TaskHandler);

  catalogue.register('bulkscanremoval', {
    inputs: bulkScanRemovalInputs,
    async run(ctx) {
      const input = ctx.inputs as z.output<typeof bulkScanRemovalInputs>;
      const filter = await filterOf(ctx, input, deps.lastSuccess);
      filter.timeFields = ['scanned_at'];
      delete filter.from;
      filter.to = new Date(Date.now() - input.olderThanDays * 86_400_000).toISOString();
      // In batches, each in its own transaction: a run that stops part-way can simply run again.
      let removed = 0;
      for (;;) {
        ctx.signal.throwIfAborted();
        const ids = await deps.repo.idsMatching(ctx.accountId, filter, BATCH);
        if (ids.length === 0) break;
        removed += await deps.repo.transaction((r) => r.deleteScans(ctx.accountId, ids));
        ctx.progress(removed, null, `${removed.toLocaleString('en-US')} scans removed`);
      }
      return { summary: `${removed.toLocaleString('en-US')} scans older than ${input.olderThanDays} day${input.olderThanDays === 1 ? '' : 's'} removed.` };
    },
  } satisfies TaskHandler);

  catalogue.register('postback', {
    inputs: postbackTaskInputs,
    async run(ctx) {
      const input = ctx.inputs as z.output<typeof postbackTaskInputs>;
      const filter = await filterOf(ctx, { ...input, result: [] }, deps.lastSuccess);
      let sent = 0;
      for await (const batch of deps.repo.iterate(ctx.accountId, filter, 500)) {
        for (const scan of batch) {
          ctx.signal.throwIfAborted();
          let reply;
          try {
            reply = await postForm(input.url, await deps.postbacks.fields(ctx.accountId, scan.id, true), { allowPrivate: deps.allowPrivateUrls, timeoutMs: 15_000, maxBytes: 10 * 1024 });
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            if (sent === 0) throw new PermanentJobError(`Could not post to ${input.url}: ${message}`, { cause: error });
            throw new Error(`Posted ${sent} scans, then: ${message}`, { cause: error });
          }
          if (reply.status >= 400) throw new Error(`${new URL(input.url).host} answered HTTP ${reply.status} after ${sent} scans.`);
          sent += 1;
          if (sent % 50 === 0) ctx.progress(sent, null, `${sent.toLocaleString('en-US')} scans posted`);
        }
      }
      ctx.progress(sent, sent, `${sent.toLocaleString('en-US')} scans posted`);
      return { summary: `${sent.toLocaleString('en-US')} scans posted to ${new URL(input.url).host}.` };
    },
  } satisfies TaskHandler);
}
