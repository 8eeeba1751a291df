import { legacyErrors } from '../errors.js';
import { barcodeSection, barcodeTemplateSection } from './sections/barcodes.js';
import { databasesSection } from './sections/databases.js';
import { devicesSection } from './sections/devices.js';
import { limitsSection } from './sections/limits.js';
import { questionsSection } from './sections/questions.js';
import { scanPropertiesSection } from './sections/scan-properties.js';
import { scansSection } from './sections/scans.js';
import { servicesSection } from './sections/services.js';
import { uploadsSection } from './sections/uploads.js';
import { usersSection } from './sections/users.js';
import type { LegacySectionDoc } from './types.js';

/**
 * Sections of `legacyAccess` that are NOT documented: they are the web app's own calls, not part
 * of the public API. `admin` (retrieve, retrieve_admin_property_value) answers only a web session;
 * `security` (logout) ends a web session. `legacy-docs.test.ts` checks that every other action of
 * the access table has exactly one entry below.
 */
export const legacyUndocumentedSections: readonly string[] = ['admin', 'security'];

/**
 * The public legacy API (`/api/`), section by section, in the order of the documentation pages.
 * Written from ../shared/reference/legacy-api.md and what our handlers do (where they differ, this
 * says what our server does). The sample replies are in samples.generated.ts.
 */
export const legacyCatalog: readonly LegacySectionDoc[] = [
  servicesSection,
  usersSection,
  devicesSection,
  databasesSection,
  questionsSection,
  scansSection,
  uploadsSection,
  scanPropertiesSection,
  limitsSection,
  barcodeSection,
  barcodeTemplateSection,
];

/** A legacy error code with its reply text (for the generic ones) and when it is answered. */
export type LegacyErrorDoc = { code: number; text: string; when: string };

const generic: readonly [keyof typeof legacyErrors, string][] = [
  [2, 'Something failed on the server (the error is logged). Retrying later may work.'],
  [10, 'The caller may not call this action: a web session without the role it needs, or an API key used from an address outside the account\'s IP allow-list.'],
  [41, 'Scanbase is in maintenance mode; every call answers this until it ends.'],
  [50, 'A required variable is missing or a value cannot be read (the message names it), text holds characters that cannot be stored, or the request is not GET or POST.'],
  [100, 'The api_key is not a valid key (wrong, revoked or deleted).'],
  [101, 'No api_key was sent.'],
  [102, 'The XML body is larger than the body limit (1 MB unless the administrator changed it).'],
  [103, 'The XML body, or the `xml` field, is not well-formed XML.'],
  [105, 'The body or an uploaded file is larger than allowed (uploads: 20 MB unless the administrator changed it).'],
  [110, 'The action does not exist in this section.'],
  [111, 'The account made more calls this minute than its per-minute limit; it resets at the next minute.'],
  [113, 'The account made more calls today than its per-day limit; it resets at midnight UTC.'],
  [120, 'The section does not exist.'],
];

/** The legacy errors every action can answer, for the overview page; their texts come from `legacyErrors`. */
export const legacyGenericErrors: readonly LegacyErrorDoc[] = generic.map(([code, when]) => ({ code, text: legacyErrors[code], when }));

/**
 * What each action-specific code means on our server (the `errors` of an action). The reply's text
 * usually says more (it names the variable, id or row).
 */
export const legacyActionErrorMeanings: Readonly<Record<number, string>> = {
  104: 'No such file (barcode template logo).',
  131: 'service_id is missing.',
  132: 'user_id is missing.',
  133: 'question_id is missing.',
  134: 'answer_id is missing.',
  135: 'scan_id is missing, malformed or names a scan that does not exist.',
  200: 'The service does not exist, or service_id is malformed.',
  201: 'The app user does not exist.',
  202: 'The question does not exist.',
  203: 'The answer does not exist.',
  204: 'The database does not exist.',
  205: 'The database is used by a service and cannot be deleted.',
  206: 'A choice question must keep at least two answers.',
  210: 'A service variable is missing or has a value that is not allowed.',
  211: 'A database service needs database_id.',
  213: 'The end of the period is before its start.',
  214: 'The end of the period must be in the future.',
  215: 'A service with this name already exists.',
  216: 'A database with this name already exists.',
  217: 'period_start_date is missing or a start date or time is malformed.',
  218: 'period_end_date is missing or an end date or time is malformed.',
  219: 'Invalid service name.',
  221: 'postback_url is missing or does not start with http:// or https://.',
  222: 'Invalid URL.',
  223: 'Direct scan to URL is only allowed on postback services.',
  224: 'A regex pattern and its replacement must be sent together.',
  225: 'These postback forwarding options are not allowed on postback services.',
  226: 'These postback forwarding options need a postback_url.',
  261: 'The question could not be deleted: a service asks it.',
  262: 'Invalid question id.',
  265: 'The answer could not be added (no text, too long, or a question type without answers).',
  266: 'The answer could not be deleted (malformed answer_id or `all`).',
  269: 'The question text is missing or too long.',
  270: 'Invalid database id.',
  300: 'Invalid app user id, or wrong username or password (users/validate).',
  310: 'An app user variable is invalid (password length, device limit).',
  320: 'The username is taken.',
  330: 'Invalid email address.',
  340: 'Invalid username.',
  341: 'The password is missing.',
  342: 'The username is missing.',
  343: 'This action may not change or delete the account owner\'s app user.',
  410: 'A device variable is missing or invalid, or the device does not exist.',
  804: 'The scan could not be deleted (it does not exist, or `all` was sent).',
  1017: 'The value does not exist in the database.',
  1019: 'The file could not be imported (a bad row, or no rows); nothing was imported.',
  1026: 'Please select a .CSV file.',
  1027: 'The value already exists in the database.',
  1028: 'No barcode value supplied, or the value is too long.',
  1029: 'No CSV file supplied.',
  1036: 'Answers must be unique.',
  // 111 also appears in some actions' lists (users/create, users/validate): see the generic list.
  111: 'Too many attempts (see the action\'s details); also the per-minute call limit.',
};

/** Finds the documentation of one action. */
export function findLegacyAction(section: string, action: string) {
  const s = legacyCatalog.find((x) => x.section === section);
  const a = s?.actions.find((x) => x.action === action);
  return s && a ? { section: s, action: a } : undefined;
}
