import type { Readable } from 'node:stream';
import type { PortalAccess, PortalAccessReply, PortalDbValue, PortalRun, PortalScan, portalDb, portalScans } from '@scanbase/contracts';
import type { z } from 'zod';
import type { AppSession } from '../../platform/auth/session.js';
import { AppError } from '../../platform/errors.js';
import { zonedToUtc, type ScanFilter } from '../scans/scan-filter.js';
import type { ScanCountsRepo } from '../scans/scan-counts.repo.js';
import type { ScanSearchService } from '../scans/scan-search.service.js';
import type { ScansRepo } from '../scans/scans.repo.js';
import type { ShortLinksService } from '../short-links/short-links.service.js';
import type { PortalsRepo, RunRow, TextLookup } from './portals.repo.js';

/** Counting stops here; the portal says "more than" beyond it. */
export const PORTAL_COUNT_CAP = 10_000;

type Portal = 'user' | 'task';
/** The portals' sign-in pages, as the admin's app-user page shows them. */
const PORTAL_SIGN_IN: Record<Portal, { path: string; label: string }> = {
  user: { path: '/share/preview/login/', label: 'User portal sign-in' },
  task: { path: '/task-portal/login/', label: 'Task portal sign-in' },
};
const portalNames: Record<Portal, string> = { user: 'user portal', task: 'task portal' };

type ScansQuery = z.output<typeof portalScans.body>;
type DbQuery = z.output<typeof portalDb.body>;

/**
 * The user portal (shared scans and database lookups) and the task portal (runs and result files of shared
 * tasks) for app users, and the admin side that grants access. A portal call checks, every time, that the app
 * user still has access to that portal and that the service, task or run is shared with them; anything else
 * answers NOT_FOUND, as if it did not exist.
 */
export class PortalsService {
  constructor(
    private readonly deps: {
      repo: PortalsRepo;
      scans: ScansRepo;
      counts: ScanCountsRepo;
      search: ScanSearchService;
      accountZone: (accountId: number) => Promise<string>;
      jobFile: (accountId: number, jobId: number) => Promise<{ file: { name: string; contentType: string }; data: Readable }>;
      shortLinks?: ShortLinksService;
    },
  ) {}

  // ---- Admin side -------------------------------------------------------------------------------------

  async getAccess(accountId: number, appUserId: number): Promise<PortalAccessReply> {
    const user = await this.deps.repo.flags(accountId, appUserId);
    if (!user) throw new AppError('NOT_FOUND', 'No such app user.');
    const [services, tasks, userLink, taskLink] = await Promise.all([
      this.deps.repo.sharedServices(accountId, appUserId),
      this.deps.repo.sharedTasks(accountId, appUserId),
      this.deps.shortLinks?.activeFor(accountId, 'portal', null, PORTAL_SIGN_IN.user.path),
      this.deps.shortLinks?.activeFor(accountId, 'portal', null, PORTAL_SIGN_IN.task.path),
    ]);
    return {
      appUserId, userPortal: user.user_portal === 1, taskPortal: user.task_portal === 1, serviceIds: services.map((s) => s.id).sort((a, b) => a - b), taskIds: tasks.map((t) => t.id).sort((a, b) => a - b),
      shortUrls: { userPortal: userLink?.shortUrl ?? null, taskPortal: taskLink?.shortUrl ?? null },
    };
  }

  async setAccess(accountId: number, input: PortalAccess): Promise<PortalAccessReply> {
    const serviceIds = [...new Set(input.serviceIds)];
    const taskIds = [...new Set(input.taskIds)];
    await this.deps.repo.transaction(async (repo) => {
      if (!(await repo.flags(accountId, input.appUserId))) throw new AppError('NOT_FOUND', 'No such app user.');
      const [services, tasks] = await Promise.all([repo.ownedIds(accountId, 'service', serviceIds), repo.ownedIds(accountId, 'task', taskIds)]);
      const issues = [
        ...serviceIds.filter((id) => !services.has(id)).map((id) => ({ path: 'serviceIds', message: `No service ${id} in this account` })),
        ...taskIds.filter((id) => !tasks.has(id)).map((id) => ({ path: 'taskIds', message: `No task ${id} in this account` })),
      ];
      if (issues.length > 0) throw new AppError('VALIDATION_FAILED', 'Some of the chosen services or tasks do not exist.', issues);
      await repo.setFlags(accountId, input.appUserId, input);
      await repo.setShares(accountId, input.appUserId, 'service', serviceIds);
      await repo.setShares(accountId, input.appUserId, 'task', taskIds);
    });
    // One short link per portal sign-in page and account, made when a portal is first granted (kept until revoked).
    if (input.userPortal) await this.deps.shortLinks?.ensureFor(accountId, null, { target: PORTAL_SIGN_IN.user.path, label: PORTAL_SIGN_IN.user.label, source: 'portal', sourceId: null });
    if (input.taskPortal) await this.deps.shortLinks?.ensureFor(accountId, null, { target: PORTAL_SIGN_IN.task.path, label: PORTAL_SIGN_IN.task.label, source: 'portal', sourceId: null });
    return this.getAccess(accountId, input.appUserId);
  }

  // ---- Portal side (app token) -----------------------------------------------------------------------------

  /** Refuses an app user without access to the portal (FORBIDDEN; the web shows the sign-in with errCode). */
  private async require(caller: AppSession, portal: Portal): Promise<void> {
    const user = await this.deps.repo.flags(caller.accountId, caller.appUserId);
    const granted = portal === 'user' ? user?.user_portal === 1 : user?.task_portal === 1;
    if (!granted) throw new AppError('FORBIDDEN', `You have no access to the ${portalNames[portal]}. Ask an administrator to give it to you on your app user's page.`);
  }

  async me(caller: AppSession) {
    const user = await this.deps.repo.flags(caller.accountId, caller.appUserId);
    if (!user) throw new AppError('AUTH_FAILED', 'Please sign in again.');
    const userPortal = user.user_portal === 1;
    const taskPortal = user.task_portal === 1;
    const [services, tasks] = await Promise.all([
      userPortal ? this.deps.repo.sharedServices(caller.accountId, caller.appUserId) : Promise.resolve([]),
      taskPortal ? this.deps.repo.sharedTasks(caller.accountId, caller.appUserId) : Promise.resolve([]),
    ]);
    return { user: { id: user.id, username: user.username }, userPortal, taskPortal, services: services.map((s) => ({ id: s.id, name: s.name, hasDatabase: s.database_id !== null })), tasks };
  }

  /** A service shared with the caller (NOT_FOUND otherwise: another account's or an unshared service looks absent). */
  private async sharedService(caller: AppSession, serviceId: number) {
    const found = (await this.deps.repo.sharedServices(caller.accountId, caller.appUserId)).find((s) => s.id === serviceId);
    if (!found) throw new AppError('NOT_FOUND', 'This service is not shared with you.');
    return found;
  }

  async scans(caller: AppSession, q: ScansQuery): Promise<{ items: PortalScan[]; total: number; totalCapped: boolean; page: number; limit: number }> {
    await this.require(caller, 'user');
    const f: ScanFilter = {};
    if (q.serviceId !== undefined) f.serviceIds = [(await this.sharedService(caller, q.serviceId)).id];
    else f.userIds = [caller.appUserId];
    if (q.search) f.keyword = q.search;
    if (q.start || q.end) {
      const zone = await this.deps.accountZone(caller.accountId);
      if (q.start) f.from = zonedToUtc(q.start, '00:00:00', zone);
      if (q.end) f.to = new Date(new Date(zonedToUtc(q.end, '23:59:59', zone)).getTime() + 999).toISOString();
      if (f.from && f.to && f.from > f.to) throw new AppError('VALIDATION_FAILED', 'The end is before the start.', [{ path: 'end', message: 'The end is before the start' }]);
      f.timeFields = ['scanned_at'];
    }
    const [{ rows }, counted] = await Promise.all([
      this.deps.scans.search(caller.accountId, f, [{ key: 'scan_id', desc: true }], { limit: q.limit, offset: (q.page - 1) * q.limit }, false),
      this.deps.counts.count(caller.accountId, f, PORTAL_COUNT_CAP),
    ]);
    const details = await this.deps.search.details(caller.accountId, rows);
    const items = details.map((d) => ({
      id: d.id, value: d.value, response: d.response, status: d.status, service: { id: d.service.id, name: d.service.name }, username: d.user?.name ?? null, scannedAt: d.scannedAt,
      answers: d.answers.map((a) => ({ question: a.questionText, answer: a.answer })),
    }));
    return { items, total: Math.min(counted.total, PORTAL_COUNT_CAP), totalCapped: !counted.exact || counted.total > PORTAL_COUNT_CAP, page: q.page, limit: q.limit };
  }

  async db(caller: AppSession, q: DbQuery): Promise<{ items: PortalDbValue[]; total: number; totalCapped: boolean; page: number; limit: number; databaseName: string }> {
    await this.require(caller, 'user');
    const service = await this.sharedService(caller, q.serviceId);
    const database = service.database_id === null ? undefined : await this.deps.repo.database(caller.accountId, service.database_id);
    if (service.database_id === null || !database) throw new AppError('NOT_FOUND', 'This service has no database to look values up in.');
    const f: { value?: TextLookup; response?: TextLookup; validity?: number } = {};
    if (q.value) f.value = { text: q.value, exact: q.exactValue, caseInsensitive: q.valueCi };
    if (q.response) f.response = { text: q.response, exact: q.exactResponse, caseInsensitive: q.responseCi };
    if (q.duplicateType !== 'all') f.validity = q.duplicateType === 'valid' ? 1 : 0;
    const { rows, total } = await this.deps.repo.values(caller.accountId, service.database_id, f, { offset: (q.page - 1) * q.limit, limit: q.limit }, PORTAL_COUNT_CAP);
    return { items: rows, total: Math.min(total, PORTAL_COUNT_CAP), totalCapped: total > PORTAL_COUNT_CAP, page: q.page, limit: q.limit, databaseName: database.name };
  }

  async taskRuns(caller: AppSession, q: { q?: string | undefined; page: number; limit: number }): Promise<{ items: PortalRun[]; total: number; page: number; limit: number }> {
    await this.require(caller, 'task');
    const tasks = await this.deps.repo.sharedTasks(caller.accountId, caller.appUserId);
    const { rows, total } = await this.deps.repo.runs(caller.accountId, tasks.map((t) => t.id), { search: q.q, offset: (q.page - 1) * q.limit, limit: q.limit });
    return { items: rows.map(toRun), total, page: q.page, limit: q.limit };
  }

  async taskFile(caller: AppSession, jobId: number) {
    await this.require(caller, 'task');
    const taskId = await this.deps.repo.runTask(caller.accountId, jobId);
    const shared = await this.deps.repo.sharedTasks(caller.accountId, caller.appUserId);
    if (taskId === undefined || !shared.some((t) => t.id === taskId)) throw new AppError('NOT_FOUND', 'This run is not shared with you.');
    return this.deps.jobFile(caller.accountId, jobId);
  }
}

function toRun(r: RunRow): PortalRun {
  const result = r.result ? (JSON.parse(r.result) as { file?: { name: string; size: number } }) : null;
  return {
    id: r.id, taskId: r.task_id, taskName: r.task_name, taskType: r.task_type, state: r.state as PortalRun['state'],
    progress: { done: Number(r.progress_done), total: r.progress_total === null ? null : Number(r.progress_total), message: r.progress_message },
    createdAt: r.created_at, finishedAt: r.finished_at, file: result?.file ? { name: result.file.name, size: result.file.size } : null, error: r.error,
  };
}
