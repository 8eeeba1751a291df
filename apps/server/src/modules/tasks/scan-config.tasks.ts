import { z } from 'zod';
import { csvFile } from '../../platform/csv/csv-file.js';
import type { ScanConfig } from '../services/scan-config.js';
import type { TaskCatalogue, TaskHandler } from './task-catalogue.js';

const PAGE = 5000;
const databaseId = z.number().int().positive();

/** Task handlers whose data is the scan configuration: databases, app users, devices. */
export function registerScanConfigTasks(catalogue: TaskCatalogue, c: ScanConfig): void {
  catalogue.register('downloaddatabase', {
    inputs: z.object({ databaseId }),
    async run(ctx) {
      const { databaseId: id } = ctx.inputs as { databaseId: number };
      const db = await c.databases.get(ctx.accountId, id);
      const rows: unknown[][] = [];
      for (let offset = 0; ; offset += PAGE) {
        ctx.signal.throwIfAborted();
        const page = await c.databases.findValues(ctx.accountId, id, {}, { limit: PAGE, offset });
        for (const v of page.rows) rows.push([v.value, v.response, v.validity]);
        ctx.progress(rows.length, null, `${rows.length.toLocaleString('en-US')} values read`);
        if (page.rows.length < PAGE) break;
      }
      const file = await ctx.saveFile(`${db.name}.csv`, 'text/csv; charset=utf-8', csvFile(['value', 'response', 'validity'], rows));
      return { ...(file ? { file } : {}), summary: `${rows.length.toLocaleString('en-US')} values of ${db.name}.` };
    },
  } satisfies TaskHandler);

  catalogue.register('clearDatabase', {
    inputs: z.object({ databaseId }),
    async run(ctx) {
      const { databaseId: id } = ctx.inputs as { databaseId: number };
      const removed = await c.databases.clear(ctx.accountId, id);
      ctx.progress(1, 1, 'Cleared');
      return { summary: `${removed.toLocaleString('en-US')} values removed.` };
    },
  } satisfies TaskHandler);

  catalogue.register('downloaddevices', {
    inputs: z.object({}),
    async run(ctx) {
      const devices = await c.devices.resolve(ctx.accountId, 'all');
      const file = await ctx.saveFile('devices.csv', 'text/csv; charset=utf-8', csvFile(['id', 'name', 'udid', 'app user id', 'created', 'last seen'], devices.map((d) => [d.id, d.name, d.udid, d.appUserId ?? '', d.createdAt, d.lastSeenAt ?? ''])));
      ctx.progress(1, 1, 'Done');
      return { ...(file ? { file } : {}), summary: `${devices.length} devices.` };
    },
  } satisfies TaskHandler);

  catalogue.register('exportuser', {
    inputs: z.object({}),
    async run(ctx) {
      const users = await c.appUsers.describe(ctx.accountId, await c.appUsers.resolve(ctx.accountId, 'all'));
      const file = await ctx.saveFile('app-users.csv', 'text/csv; charset=utf-8', csvFile(['id', 'username', 'device limit', 'services', 'created'], users.map((u) => [u.id, u.username, u.deviceLimit ?? '', u.serviceIds.join(' '), u.createdAt])));
      ctx.progress(1, 1, 'Done');
      return { ...(file ? { file } : {}), summary: `${users.length} app users.` };
    },
  } satisfies TaskHandler);
}
