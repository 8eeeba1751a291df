import type { Db } from '../../platform/db/database.js';
import type { LegacySection } from '../../platform/http/legacy/legacy-types.js';
import type { V2Binding } from '../../platform/http/v2/v2-types.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import { appUsersLegacy } from '../app-users/app-users.legacy.js';
import { AppUsersRepo } from '../app-users/app-users.repo.js';
import { AppUsersService } from '../app-users/app-users.service.js';
import { appUsersV2 } from '../app-users/app-users.v2.js';
import type { DatabaseImports } from '../databases/database-imports.js';
import { databasesLegacy } from '../databases/databases.legacy.js';
import { DatabasesRepo } from '../databases/databases.repo.js';
import { DatabasesService } from '../databases/databases.service.js';
import { databasesV2 } from '../databases/databases.v2.js';
import { devicesLegacy } from '../devices/devices.legacy.js';
import { DevicesRepo } from '../devices/devices.repo.js';
import { DevicesService } from '../devices/devices.service.js';
import { devicesV2 } from '../devices/devices.v2.js';
import { questionsLegacy } from '../questions/questions.legacy.js';
import { QuestionsRepo } from '../questions/questions.repo.js';
import { QuestionsService } from '../questions/questions.service.js';
import { questionsV2 } from '../questions/questions.v2.js';
import { servicesLegacy } from './services.legacy.js';
import { ServicesRepo } from './services.repo.js';
import { ServicesService } from './services.service.js';
import { servicesV2 } from './services.v2.js';
import { noMailBranding, type MailBranding } from '../branding/branding.service.js';
import { noWebhookEvents, type WebhookEvents } from '../webhooks/webhook-events.js';

/** The scan-configuration services (issue 4), wired once per process. */
export type ScanConfig = ReturnType<typeof createScanConfig>;

/** Wires services, databases, questions, app users and devices over an open database. */
export function createScanConfig(db: Db, mailer: Mailer, publicUrl: string, limiter: RateLimiter, events: WebhookEvents = noWebhookEvents, branding: MailBranding = noMailBranding) {
  const k = db.kysely;
  const databases = new DatabasesService(new DatabasesRepo(k, db.dialect), events);
  const questions = new QuestionsService(new QuestionsRepo(k, db.dialect));
  const appUsers = new AppUsersService(new AppUsersRepo(k, db.dialect), mailer, publicUrl, limiter, events, branding);
  const devices = new DevicesService(new DevicesRepo(k, db.dialect));
  const services = new ServicesService(new ServicesRepo(k, db.dialect), { databases, questions });
  return { services, databases, questions, appUsers, devices };
}

/** The legacy sections `services`, `users`, `devices`, `databases`, `questions`. */
export function scanConfigLegacy(c: ScanConfig, imports: DatabaseImports): Record<string, LegacySection> {
  return { ...servicesLegacy(c.services), ...appUsersLegacy(c.appUsers), ...devicesLegacy(c.devices), ...databasesLegacy(c.databases, imports), ...questionsLegacy(c.questions) };
}

/** The V2 routes of the scan-configuration screens. */
export function scanConfigV2(c: ScanConfig, imports: DatabaseImports): V2Binding[] {
  return [...servicesV2(c.services), ...databasesV2(c.databases, imports), ...questionsV2(c.questions), ...appUsersV2(c.appUsers), ...devicesV2(c.devices)];
}
