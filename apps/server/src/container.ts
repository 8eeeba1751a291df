import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { sqliteFileOf, type Db } from './platform/db/database.js';
import { createLogMailer, createSmtpMailer, type Mailer } from './platform/mail/mailer.js';
import { RateCountersRepo } from './platform/rate-limit/rate-counters.repo.js';
import { RateLimiter } from './platform/rate-limit/rate-limiter.js';
import { MaintenanceMode } from './platform/system/maintenance.js';
import { SystemSettingsRepo } from './platform/system/system-settings.repo.js';
import { AccountsRepo } from './modules/accounts/accounts.repo.js';
import { AuthTokensRepo } from './modules/accounts/auth-tokens.repo.js';
import { AuthService } from './modules/accounts/auth.service.js';
import { SettingsService } from './modules/accounts/settings.service.js';
import { SCAN_RETENTION_JOB, scanRetentionHandler } from './modules/accounts/scan-retention.js';
import { ScanRetentionRepo } from './modules/accounts/scan-retention.repo.js';
import { TeamService } from './modules/accounts/team.service.js';
import { ProfileService } from './modules/accounts/profile.service.js';
import { TwoFactorRepo } from './modules/accounts/two-factor.repo.js';
import { TwoFactorService } from './modules/accounts/two-factor.service.js';
import { ApiAccessRepo } from './modules/api-access/api-access.repo.js';
import { ApiAccessService } from './modules/api-access/api-access.service.js';
import { BarcodesRepo } from './modules/barcodes/barcodes.repo.js';
import { BarcodesService } from './modules/barcodes/barcodes.service.js';
import { BrandingRepo } from './modules/branding/branding.repo.js';
import { BrandingService } from './modules/branding/branding.service.js';
import { ShortLinksRepo } from './modules/short-links/short-links.repo.js';
import { ShortLinksService } from './modules/short-links/short-links.service.js';
import { RenderPool } from './modules/barcodes/render-pool.js';
import { createBlobStorage } from './platform/storage/create-blob-storage.js';
import { createScanConfig } from './modules/services/scan-config.js';
import { createEventBus } from './platform/bus/create-event-bus.js';
import { createJobsModule } from './modules/tasks/tasks.module.js';
import { DatabaseImports } from './modules/databases/database-imports.js';
import { createScans } from './modules/scans/scans.module.js';
import { registerScanTasks } from './modules/scans/scan.tasks.js';
import { registerCheckInOutTasks } from './modules/specialized/check-in-out/check-in-out.tasks.js';
import { registerTableBuilderTasks } from './modules/specialized/table-builder/table-builder.tasks.js';
import { AccountDeletionRepo } from './modules/account-deletion/account-deletion.repo.js';
import { AccountDeletionService } from './modules/account-deletion/account-deletion.service.js';
import { ACCOUNT_EXPORT_JOB, ACCOUNT_PURGE_JOB, accountExportHandler, accountPurgeHandler } from './modules/account-deletion/account-jobs.js';
import { SpecializedRepo } from './modules/specialized/specialized.repo.js';
import { SpecializedService } from './modules/specialized/specialized.service.js';
import { SecretBox } from './platform/auth/secret-box.js';
import { SsoRepo } from './modules/sso/sso.repo.js';
import { SsoService } from './modules/sso/sso.service.js';
import { FileStorageRepo } from './modules/file-storage/file-storage.repo.js';
import { FILE_STORAGE_COPY_JOB, FILE_STORAGE_SCAN_FILE_JOB, FileStorageService } from './modules/file-storage/file-storage.service.js';
import { LateWebhookEvents } from './modules/webhooks/webhook-events.js';
import type { PostbackAttempt } from './modules/scans/postback.js';
import { IntegrationsRepo } from './modules/integrations/integrations.repo.js';
import { IntegrationsService } from './modules/integrations/integrations.service.js';
import { createWebhooks, taskRunEvents } from './modules/webhooks/webhooks.module.js';
import { WEBHOOK_DELIVERY_SLOTS } from './modules/webhooks/webhook-sender.js';
import { ScanTicketsService, TICKET_EXPORT_JOB } from './modules/specialized/scan-tickets/scan-tickets.service.js';
import { ScanToExcelService } from './modules/specialized/scan-to-excel/scan-to-excel.service.js';
import { TableBuilderService } from './modules/specialized/table-builder/table-builder.service.js';
import { TableBuilderRepo } from './modules/specialized/table-builder/table-builder.repo.js';
import { tableExportColumns } from './modules/specialized/table-builder/table-export.js';
import { AttendanceService } from './modules/specialized/attendance/attendance.service.js';
import { CheckInOutService } from './modules/specialized/check-in-out/check-in-out.service.js';
import { AbMatchingService } from './modules/specialized/ab-matching/ab-matching.service.js';
import { PortalsRepo } from './modules/portals/portals.repo.js';
import { PortalsService } from './modules/portals/portals.service.js';
import { LogisticsService } from './modules/specialized/logistics/logistics.service.js';
import { BillingRepo } from './modules/billing/billing.repo.js';
import { BillingService } from './modules/billing/billing.service.js';
import { loadPlanCatalogue } from './modules/billing/plan-catalogue.js';
import { StripeProvider, stripeClient } from './modules/billing/stripe-provider.js';
import { StripeWebhooks } from './modules/billing/stripe-webhook.js';
import { StripeRepo } from './modules/billing/stripe.repo.js';

/** Every repository and service of one process, wired once (the HTTP app and the CLI share it). */
export type Container = ReturnType<typeof createContainer>;

/** Wires repositories and services over an open database. */
export function createContainer(config: Config, db: Db, log: FastifyBaseLogger, mailer?: Mailer) {
  const k = db.kysely;
  const mail = mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createLogMailer(log));
  const limiter = new RateLimiter(new RateCountersRepo(k));
  const maintenance = new MaintenanceMode(new SystemSettingsRepo(k));
  const accounts = new AccountsRepo(k);
  const tokens = new AuthTokensRepo(k);
  const twoFactor = new TwoFactorService({ repo: new TwoFactorRepo(k), accounts, tokens, mailer: mail, limiter, publicUrl: config.publicUrl, log });
  const ssoRepo = new SsoRepo(k);
  const auth = new AuthService({ accounts, tokens, mailer: mail, limiter, twoFactor, config, requiresSso: (accountId) => ssoRepo.requiresSso(accountId) });
  const box = new SecretBox(config.secretsKey);
  const team = new TeamService({ accounts, tokens, mailer: mail, auth, publicUrl: config.publicUrl, requiresSso: (accountId) => ssoRepo.requiresSso(accountId) });
  const scanRetention = new ScanRetentionRepo(k);
  const settings = new SettingsService(accounts, scanRetention);
  const profile = new ProfileService({ accounts, tokens, auth, mailer: mail, limiter, config });
  const storage = createBlobStorage(config.storage);
  const barcodes = new BarcodesService({ repo: new BarcodesRepo(k), storage, pool: new RenderPool() });
  // Emitters are built before the webhooks service (it needs the job queue): they hold a port connected below.
  const events = new LateWebhookEvents();
  const branding = new BrandingService({ repo: new BrandingRepo(k), storage });
  const shortLinks = new ShortLinksService({ repo: new ShortLinksRepo(k, db.dialect), publicUrl: config.publicUrl, box });
  const scanConfig = createScanConfig(db, mail, config.publicUrl, limiter, events, branding);
  const bus = createEventBus(config, db);
  // Plans (PLANS_FILE) and their limits; api-access applies the plan's API limits, devices its device limit.
  const billingRepo = new BillingRepo(k, db.dialect);
  const catalogue = loadPlanCatalogue(config.plansFile);
  // Stripe when STRIPE_SECRET_KEY is set (docs/ACCOUNT-BILLING.md "Stripe"); the webhook route needs its signing secret.
  const stripeRepo = new StripeRepo(k);
  const stripe = config.stripe ? stripeClient(config.stripe) : null;
  const paymentProvider = stripe && config.stripe ? new StripeProvider(stripe, { repo: stripeRepo, billing: billingRepo, catalogue, publishableKey: config.stripe.publishableKey }) : null;
  const stripeWebhooks = stripe && config.stripe?.webhookSecret ? new StripeWebhooks({ stripe, secret: config.stripe.webhookSecret, repo: stripeRepo, billing: billingRepo, catalogue, mailer: mail, publicUrl: config.publicUrl, log }) : null;
  const billing: BillingService = new BillingService({ repo: billingRepo, catalogue, mailer: mail, publicUrl: config.publicUrl, apiUsage: (accountId) => apiAccess.usage(accountId), log, provider: paymentProvider });
  const apiAccess = new ApiAccessService(new ApiAccessRepo(k), limiter, config.limits, bus, billing);
  scanConfig.devices.admitNew = (accountId, udid) => billing.admitDevice(accountId, udid);
  const jobs = createJobsModule({ config, db, bus, mailer: mail, storage, log, barcodes, scanConfig });
  // Every postback attempt goes to the postback log of account/integrations/postback.
  const integrationsRepo = new IntegrationsRepo(k);
  const postbackRecorder = { record: (accountId: number, a: PostbackAttempt) => integrationsRepo.recordPostback(accountId, a, new Date().toISOString()) };
  const scans = createScans({ db, bus, queue: jobs.queue, mailer: mail, storage, limiter, accounts, scanConfig, allowPrivateUrls: config.allowPrivateUrls, postbackTimeoutMs: config.postbackTimeoutMs, map: config.map, limits: config.limits, tasks: jobs.tasks, events, postbackRecorder, requiresAppSso: (accountId) => ssoRepo.requiresAppSso(accountId) });
  // SSO signs in team members and (docs/SSO.md "App users") app users, with the scanner's app tokens.
  const sso = new SsoService({ repo: ssoRepo, accounts, tokens, auth, twoFactor, limiter, box, config, appUsers: scanConfig.appUsers, appSessions: scans.sessions, appUserRoom: (accountId) => billing.assertRoom(accountId, 'appUsers') });
  for (const [type, handler] of scans.jobHandlers()) jobs.registerJob(type, handler);
  const webhooks = createWebhooks({ db, queue: jobs.queue, mailer: mail, log, accounts, allowPrivateUrls: config.allowPrivateUrls, publicUrl: config.publicUrl, timeoutMs: config.postbackTimeoutMs, sqliteFile: sqliteFileOf(config.database) });
  // A task run's file, and (when the account asks) each scan's photos, are also copied to the account's chosen
  // store (docs/FILE-STORAGE.md), each by a job of its own.
  const fileStorage = new FileStorageService({ repo: new FileStorageRepo(k), tokens, box, queue: jobs.queue, storage, config, log });
  jobs.registerJob(FILE_STORAGE_COPY_JOB, fileStorage.copying.copyHandler());
  jobs.registerJob(FILE_STORAGE_SCAN_FILE_JOB, fileStorage.copying.scanFileHandler());
  jobs.onRunFinished(fileStorage.copying.runFinished());
  events.connect({
    emit: async (accountId, emitted) => {
      await webhooks.emit(accountId, emitted);
      await fileStorage.copying.scansCreated(accountId, emitted);
    },
    record: (trx, accountId, emitted) => webhooks.record(trx, accountId, emitted),
    committed: async (accountId, recorded) => {
      await webhooks.committed(accountId, recorded);
      await fileStorage.copying.scansCreated(accountId, recorded.events);
    },
  });
  // Delivery runs have slots of their own: one per subscription being sent, concurrently.
  for (const [type, handler] of webhooks.handlers()) jobs.registerJob(type, handler, { slots: WEBHOOK_DELIVERY_SLOTS });
  jobs.onRunFinished(taskRunEvents(jobs.queue, webhooks, log));
  const integrations = new IntegrationsService({
    repo: integrationsRepo,
    scans: scans.repo,
    webhooks,
    databases: scanConfig.databases,
    assertValueRoom: (accountId) => billing.assertRoom(accountId, 'databaseValues'),
    account: async (accountId) => {
      const [account, owner] = await Promise.all([accounts.getAccount(accountId), accounts.getAdminOfAccount(accountId)]);
      return account && owner ? { name: account.company_name, email: owner.email } : undefined;
    },
  });
  registerScanTasks(jobs.catalogue, {
    repo: scans.repo,
    postbacks: scans.postbacks,
    templates: { layout: (accountId, id) => scans.templates.layout(accountId, id), accountZone: scans.accountZone },
    allowPrivateUrls: config.allowPrivateUrls,
    lastSuccess: async (accountId, taskId) => (await jobs.queue.repo.list(accountId, { taskId, state: 'succeeded' }, 0, 1)).rows[0]?.started_at ?? undefined,
    tableColumns: tableExportColumns(new TableBuilderRepo(k, db.dialect), scans.repo),
  });
  // Background imports of uploaded files run as importdatabase jobs (the tasks module keeps the file).
  const imports = new DatabaseImports(scanConfig.databases, jobs.tasks);
  const specialized = new SpecializedService({ db, repo: new SpecializedRepo(k, db.dialect), questions: scanConfig.questions });
  const deletionRepo = new AccountDeletionRepo(k, db.dialect);
  const accountDeletion = new AccountDeletionService({ repo: deletionRepo, tokens, queue: jobs.queue, mailer: mail, limiter, publicUrl: config.publicUrl, graceDays: config.accountDeletionGraceDays });
  jobs.registerJob(ACCOUNT_EXPORT_JOB, accountExportHandler({ repo: deletionRepo, storage }));
  jobs.registerJob(SCAN_RETENTION_JOB, scanRetentionHandler({ repo: scanRetention, scans: scans.repo }));
  jobs.registerJob(ACCOUNT_PURGE_JOB, accountPurgeHandler({ repo: deletionRepo, storage, isDue: (accountId) => accountDeletion.duePurge(accountId) }));
  const scanTickets = new ScanTicketsService({ db, queue: jobs.queue, barcodes, storage });
  jobs.registerJob(TICKET_EXPORT_JOB, scanTickets.exportJob());
  const scanToExcel = new ScanToExcelService({ db, scans: scans.repo, publicUrl: config.publicUrl, shortLinks });
  const attendance = new AttendanceService({ db, bus });
  const checkInOut = new CheckInOutService({ db, capture: scans.capture });
  const abMatching = new AbMatchingService({ db, bus });
  const portals = new PortalsService({ repo: new PortalsRepo(k, db.dialect), scans: scans.repo, counts: scans.counts, search: scans.search, accountZone: scans.accountZone, jobFile: (accountId, jobId) => jobs.tasks.jobFile(accountId, jobId), shortLinks });
  const tableBuilder = new TableBuilderService({ db, bus, limiter, publicUrl: config.publicUrl, shortLinks });
  const logistics = new LogisticsService({ db, map: config.map });
  registerCheckInOutTasks(jobs.catalogue, { db, bus, accountZone: scans.accountZone, allowPrivateUrls: config.allowPrivateUrls, maxImportBytes: 1024 * 1_048_576 });
  registerTableBuilderTasks(jobs.catalogue, { db, bus, accountZone: scans.accountZone, allowPrivateUrls: config.allowPrivateUrls, maxImportBytes: 1024 * 1_048_576 });
  return { config, db, mailer: mail, limiter, maintenance, repos: { accounts, tokens }, auth, twoFactor, team, settings, profile, apiAccess, storage, barcodes, scanConfig, bus, jobs, scans, imports, specialized, accountDeletion, webhooks, integrations, scanTickets, scanToExcel, attendance, checkInOut, branding, abMatching, sso, portals, shortLinks, tableBuilder, logistics, billing, stripeWebhooks, fileStorage };
}
