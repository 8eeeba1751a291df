import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import * as m0001 from './0001-foundation.js';
import * as m0002 from './0002-barcode-templates.js';
import * as m0003 from './0003-scan-configuration.js';
import * as m0004 from './0004-jobs-and-tasks.js';
import * as m0005 from './0005-scans.js';
import * as m0006 from './0006-export-templates.js';
import * as m0007 from './0007-scan-search-indexes.js';
import * as m0008 from './0008-scan-counts.js';
import * as m0009 from './0009-scan-ingest.js';
import * as m0010 from './0010-session-details.js';
import * as m0011 from './0011-specialized-services.js';
import * as m0012 from './0012-two-factor.js';
import * as m0013 from './0013-webhooks.js';
import * as m0014 from './0014-check-in-out.js';
import * as m0015 from './0015-attendance.js';
import * as m0016 from './0016-scan-tickets.js';
import * as m0017 from './0017-account-deletion.js';
import * as m0018 from './0018-check-in-out-roster.js';
import * as m0019 from './0019-scan-to-excel.js';
import * as m0021 from './0021-account-branding.js';
import * as m0022 from './0022-single-sign-on.js';
import * as m0023 from './0023-portals.js';
import * as m0024 from './0024-table-builder.js';
import * as m0025 from './0025-billing.js';
import * as m0026 from './0026-postback-deliveries.js';
import * as m0027 from './0027-logistics.js';
import * as m0028 from './0028-short-links.js';
import * as m0029 from './0029-file-storage.js';
import * as m0030 from './0030-editable-share-links.js';
import * as m0031 from './0031-account-settings.js';
import * as m0032 from './0032-saml.js';
import * as m0033 from './0033-short-link-sources.js';
import * as m0034 from './0034-app-user-sso.js';
import * as m0035 from './0035-file-storage-scan-files.js';
import * as m0036 from './0036-stripe.js';
import * as m0037 from './0037-check-in-out-one-index.js';
import * as m0038 from './0038-webhook-events.js';
import * as m0039 from './0039-property-match-order.js';
import * as m0040 from './0040-scan-counts-quarter-hours.js';
import * as m0041 from './0041-webhook-delivery-log.js';
import * as m0042 from './0042-webhook-delivery-counts.js';
import * as m0043 from './0043-db-values-deferred-substring-index.js';
import * as m0044 from './0044-drop-substring-bulk-flags.js';

type Migration = { up(db: Kysely<unknown>, dialect: DialectName): Promise<void> };

/** Every migration in order. Forward-only: a shipped migration is never edited, a new one is added. */
export const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-barcode-templates': m0002,
  '0003-scan-configuration': m0003,
  '0004-jobs-and-tasks': m0004,
  '0005-scans': m0005,
  '0006-export-templates': m0006,
  '0007-scan-search-indexes': m0007,
  '0008-scan-counts': m0008,
  '0009-scan-ingest': m0009,
  '0010-session-details': m0010,
  '0011-specialized-services': m0011,
  '0012-two-factor': m0012,
  '0013-webhooks': m0013,
  '0014-check-in-out': m0014,
  '0015-attendance': m0015,
  '0016-scan-tickets': m0016,
  '0017-account-deletion': m0017,
  '0018-check-in-out-roster': m0018,
  '0019-scan-to-excel': m0019,
  '0021-account-branding': m0021,
  '0022-single-sign-on': m0022,
  '0023-portals': m0023,
  '0024-table-builder': m0024,
  '0025-billing': m0025,
  '0026-postback-deliveries': m0026,
  '0027-logistics': m0027,
  '0028-short-links': m0028,
  '0029-file-storage': m0029,
  '0030-editable-share-links': m0030,
  '0031-account-settings': m0031,
  '0032-saml': m0032,
  '0033-short-link-sources': m0033,
  '0034-app-user-sso': m0034,
  '0035-file-storage-scan-files': m0035,
  '0036-stripe': m0036,
  '0037-check-in-out-one-index': m0037,
  '0038-webhook-events': m0038,
  '0039-property-match-order': m0039,
  '0040-scan-counts-quarter-hours': m0040,
  '0041-webhook-delivery-log': m0041,
  '0042-webhook-delivery-counts': m0042,
  '0043-db-values-deferred-substring-index': m0043,
  '0044-drop-substring-bulk-flags': m0044,
};
