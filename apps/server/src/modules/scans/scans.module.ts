import type { EventBus } from '../../platform/bus/event-bus.js';
import type { Db } from '../../platform/db/database.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import type { BlobStorage } from '../../platform/storage/blob-storage.js';
import type { AccountsRepo } from '../accounts/accounts.repo.js';
import type { ScanConfig } from '../services/scan-config.js';
import { Postbacks, type PostbackRecorder } from './postback.js';
import { ScanCaptureService } from './scan-capture.service.js';
import { ScanWriter } from './scan-writer.js';
import { ScanCountsRepo } from './scan-counts.repo.js';
import { ScannerSessionsRepo } from './scanner-sessions.repo.js';
import { ScannerSessionsService } from './scanner-sessions.service.js';
import { ScansRepo } from './scans.repo.js';
import { ScanSearchService } from './scan-search.service.js';
import { ScanEditService } from './scan-edit.service.js';
import type { Session } from '../../platform/auth/session.js';
import { UPLOAD_EMAIL_JOB, uploadEmailHandler } from './upload-email.js';
import { ExportTemplatesRepo } from './export-templates.repo.js';
import { ExportTemplatesService, type ExportRunner } from './export-templates.service.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { ScanInsightsRepo } from './scan-insights.repo.js';
import { ScanInsightsService, thumbnailKey, type MapConfig } from './scan-insights.service.js';
import { ScannerPagesService } from './scanner-pages.service.js';
import { UploadsRepo } from './uploads.repo.js';
import { UploadsService } from './uploads.service.js';
import { noWebhookEvents, type WebhookEvents } from '../webhooks/webhook-events.js';

/** Scan capture (issue 6), wired once per process. */
export type Scans = ReturnType<typeof createScans>;

/** Wires the scanner sessions, the validation engine and postbacks. */
export function createScans(deps: {
  db: Db;
  bus: EventBus;
  queue: JobQueue;
  mailer: Mailer;
  storage: BlobStorage;
  limiter: RateLimiter;
  accounts: AccountsRepo;
  scanConfig: ScanConfig;
  allowPrivateUrls: boolean;
  postbackTimeoutMs: number;
  map: MapConfig;
  limits: { signinPerIpPerMinute: number; signinPerEmailPerHour: number };
  /** Queues exportscan runs (the tasks module). */
  tasks: ExportRunner;
  /** Webhook events: scans created, updated, deleted, uploads completed. */
  events?: WebhookEvents;
  /** The postback delivery log (integrations module). */
  postbackRecorder?: PostbackRecorder;
  /** Whether an account's app users must sign in by single sign-on (sso module). */
  requiresAppSso?: (accountId: number) => Promise<boolean>;
}) {
  const events = deps.events ?? noWebhookEvents;
  // Deleted scans take their photos and signatures, and the thumbnails made of them, out of storage.
  const removeScanFiles = async (keys: string[]) => {
    for (const key of keys) {
      await deps.storage.delete(key);
      await deps.storage.delete(thumbnailKey(key));
    }
  };
  const repo = new ScansRepo(deps.db.kysely, deps.db.dialect, removeScanFiles);
  const postbacks = new Postbacks({ repo, queue: deps.queue, bus: deps.bus, allowPrivateUrls: deps.allowPrivateUrls, timeoutMs: deps.postbackTimeoutMs, ...(deps.postbackRecorder ? { recorder: deps.postbackRecorder } : {}) });
  const sessions = new ScannerSessionsService({ repo: new ScannerSessionsRepo(deps.db.kysely), appUsers: deps.scanConfig.appUsers, devices: deps.scanConfig.devices, accounts: deps.accounts, limiter: deps.limiter, limits: deps.limits, ...(deps.requiresAppSso ? { requiresAppSso: deps.requiresAppSso } : {}) });
  const writer = new ScanWriter(repo);
  const capture = new ScanCaptureService({ repo, writer, storage: deps.storage, bus: deps.bus, postbacks, queue: deps.queue, events });
  /** Job handlers this module owns: postback deliveries and upload emails. */
  const jobHandlers = () => new Map([...postbacks.handlers(), [UPLOAD_EMAIL_JOB, uploadEmailHandler({ repo, mailer: deps.mailer, services: (accountId, serviceId) => repo.captureService(accountId, serviceId, 0) })]]);
  /** The account's time zone (its owner's), for legacy timestamps and period rules. */
  const accountZone = async (accountId: number) => (await deps.accounts.getAdminOfAccount(accountId))?.timezone ?? 'UTC';
  // Totals and statistics from the counters kept with every scan (migration 0008).
  const counts = new ScanCountsRepo(deps.db.kysely, deps.db.dialect, repo);
  const search = new ScanSearchService({ repo, counts, accountZone });
  // Who made a change, as the history shows it: the team member, or the owner.
  const editorName = async (session: Session) => {
    const member = session.accountUserId === null ? undefined : await deps.accounts.getAccountUser(session.accountId, session.accountUserId);
    const person = member ?? (await deps.accounts.getAdmin(session.adminId));
    return person ? `${person.name} <${person.email}>` : 'An administrator';
  };
  const edits = new ScanEditService({ repo, search, bus: deps.bus, editorName, events });
  const templates = new ExportTemplatesService({ repo: new ExportTemplatesRepo(deps.db.kysely, deps.db.dialect), accountZone, runner: deps.tasks });
  const insightsRepo = new ScanInsightsRepo(deps.db.kysely, deps.db.dialect, repo);
  const insights = new ScanInsightsService({ repo: insightsRepo, counts, storage: deps.storage, map: deps.map, accountZone });
  // The scanner-side pages: an app user's own map, a scan's response as the scanner showed it.
  const scannerPages = new ScannerPagesService({ scans: repo, insights: insightsRepo, map: deps.map, servicesOf: (accountId, appUserId) => sessions.services(accountId, appUserId) });
  const uploads = new UploadsService({ repo: new UploadsRepo(deps.db.kysely), accountZone });
  return { repo, writer, counts, postbacks, sessions, capture, jobHandlers, accountZone, search, edits, insights, scannerPages, uploads, templates };
}
