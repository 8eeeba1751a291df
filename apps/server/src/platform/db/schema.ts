import type { Generated } from 'kysely';

/** Timestamps are ISO-8601 UTC text on both databases (PostgreSQL timestamptz is read back as ISO text). */
type Timestamp = string;

export type AccountsTable = {
  id: Generated<number>;
  company_name: string;
  timezone_behavior: Generated<number>;
  admin_email: Generated<string>;
  database_count: Generated<number>;
  ip_allowlist: Generated<string>;
  api_limit_minute: number | null;
  api_limit_day: number | null;
  created_at: Timestamp;
  /** When the owner asked to delete the account (null: not scheduled). */
  deletion_requested_at: Timestamp | null;
  /** When the purge runs (null: not scheduled). */
  deletion_due_at: Timestamp | null;
  /** 1: every person signing in to this account must use two-factor sign-in (migration 0012). */
  require_two_factor: Generated<number>;
  /** Company details and display formats of `account/settings/` (migration 0031). */
  company_address: Generated<string>;
  company_phone: Generated<string>;
  /** 'd MMM yyyy' | 'dd/MM/yyyy' | 'MM/dd/yyyy' | 'yyyy-MM-dd' */
  date_format: Generated<string>;
  /** '24h' | '12h' */
  time_format: Generated<string>;
  /** Scans older than this many days are deleted by the daily job; null keeps them for ever. */
  scan_retention_days: number | null;
};

/** Branding of an account (migration 0021); no row = Scanbase's defaults. */
export type AccountBrandingTable = {
  account_id: number;
  app_name: string;
  primary_color: string;
  secondary_color: string;
  welcome_text: string;
  footer_text: string;
  logo_file_name: string | null;
  updated_at: Timestamp;
};

/** Which plan an account is on, its period and business details (migration 0025); no row = the default plan. */
export type AccountBillingTable = {
  account_id: number;
  plan_id: string;
  period: string;
  period_start: Timestamp;
  period_end: Timestamp;
  price_cents: number;
  credit_cents: Generated<number>;
  scheduled_plan_id: string | null;
  scheduled_period: string | null;
  /** YYYY-MM of the month whose scans went over the quota (the owner is mailed once per month). */
  quota_month: string | null;
  quota_exceeded_at: Timestamp | null;
  /** JSON of BusinessDetails. */
  business: Generated<string>;
  updated_at: Timestamp;
};

/** Invoices (migration 0025), amounts in cents; `lines` is JSON [{text, amountCents}]. */
export type InvoicesTable = {
  id: Generated<number>;
  account_id: number;
  number: string;
  created_at: Timestamp;
  description: string;
  lines: string;
  amount_cents: number;
  status: string;
  paid_at: Timestamp | null;
  business: string;
  /** The Stripe invoice this one mirrors (migration 0036); null for invoices we issued. */
  provider_id: Generated<string | null>;
};

/** An account's Stripe customer and subscription (migration 0036); cards stay in Stripe. */
export type StripeCustomersTable = {
  account_id: number;
  customer_id: string;
  subscription_id: string | null;
  /** Set by invoice.payment_failed, cleared by invoice.paid (the banner and the owner's mail). */
  payment_failed_at: Timestamp | null;
  updated_at: Timestamp;
};

/** Stripe webhook events already handled (migration 0036): a replay changes nothing. */
export type StripeEventsTable = {
  event_id: string;
  type: string;
  account_id: number | null;
  received_at: Timestamp;
};

export type AdminsTable = {
  id: Generated<number>;
  account_id: number;
  email: string;
  name: string;
  password_hash: string;
  email_verified_at: Timestamp | null;
  timezone: Generated<string>;
  created_at: Timestamp;
};

export type AccountUsersTable = {
  id: Generated<number>;
  account_id: number;
  email: string;
  name: string;
  password_hash: string | null;
  role: string;
  privileges: string;
  status: 'invited' | 'active';
  created_at: Timestamp;
  /** The member's own time zone; null follows the account's (the owner's). */
  timezone: string | null;
};

export type AuthTokenKind = 'session' | 'verify_email' | 'password_reset' | 'invite' | 'account_select' | 'change_email' | 'two_factor_challenge' | 'restore_account' | 'sso_state' | 'saml_response' | 'file_storage_state' | 'transfer_owner';

/** A login's TOTP: the owner's (no account user) or a team member's. `enabled_at` null while being set up. */
export type TwoFactorTable = {
  id: Generated<number>;
  account_id: number;
  account_user_id: number | null;
  /** Base32 TOTP secret, readable (the server computes codes from it). */
  secret: string;
  enabled_at: Timestamp | null;
  /** The last 30-second time step a code was accepted for (a code is accepted once). */
  last_step: number | null;
  created_at: Timestamp;
};

/** One single-use recovery code of a login's two-factor sign-in, SHA-256 hashed; deleted when used. */
export type TwoFactorRecoveryCodesTable = {
  id: Generated<number>;
  account_id: number;
  two_factor_id: number;
  code_hash: string;
  created_at: Timestamp;
};

export type AuthTokensTable = {
  id: Generated<number>;
  token_hash: string;
  kind: AuthTokenKind;
  account_id: number | null;
  admin_id: number | null;
  account_user_id: number | null;
  payload: string | null;
  expires_at: Timestamp;
  created_at: Timestamp;
  /** Sessions only: the browser and address they were started from, and when last seen (at most once a minute). */
  user_agent: string | null;
  ip: string | null;
  last_seen_at: Timestamp | null;
};

export type ApiKeysTable = {
  id: Generated<number>;
  account_id: number;
  name: string;
  key_hash: string;
  prefix: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
};

export type ApiLogTable = {
  id: Generated<number>;
  account_id: number;
  api_key_id: number | null;
  created_at: Timestamp;
  section: string;
  action: string;
  ip: string;
  status: number;
  error_code: number | null;
  duration_ms: number;
};

export type RateCountersTable = {
  bucket: string;
  window_start: number;
  count: number;
};

export type SystemSettingsTable = {
  key: string;
  value: string;
};

export type BarcodeTemplatesTable = {
  id: Generated<number>;
  account_id: number;
  name: string;
  /** JSON of BarcodeOptions (packages/contracts). */
  options: string;
  logo_file_name: string | null;
  logo_width: number | null;
  logo_height: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type JobState = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export type JobsTable = {
  id: Generated<number>;
  account_id: number | null;
  task_id: number | null;
  type: string;
  state: JobState;
  payload: string;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: Timestamp;
  lease_owner: string | null;
  lease_until: Timestamp | null;
  cancel_requested: Generated<number>;
  progress_done: Generated<number>;
  progress_total: number | null;
  progress_message: Generated<string>;
  result: string | null;
  error: string | null;
  dedupe_key: string | null;
  created_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
};

export type JobLogsTable = {
  id: Generated<number>;
  job_id: number;
  at: Timestamp;
  level: 'info' | 'warn' | 'error';
  message: string;
};

export type TasksTable = {
  id: Generated<number>;
  account_id: number;
  type: string;
  name: string;
  schedule: string;
  inputs: string;
  outputs: string;
  enabled: Generated<number>;
  next_run_at: Timestamp | null;
  last_run_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** A session of an attendance instance (migration 0015): local dates and times in the account's zone. */
export type AttendanceSessionsTable = {
  id: Generated<number>;
  account_id: number;
  service_id: number;
  name: string;
  place: Generated<string>;
  repeat: Generated<string>;
  start_date: string;
  end_date: string | null;
  /** ISO weekdays, comma-separated. */
  weekdays: Generated<string>;
  start_time: string;
  end_time: string;
  late_after_minutes: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** One person's mark in one session occurrence. */
export type AttendanceMarksTable = {
  id: Generated<number>;
  account_id: number;
  service_id: number;
  session_id: number;
  occurrence_date: string;
  person_id: number;
  person_code: string;
  person_name: Generated<string>;
  status: string;
  scan_id: number | null;
  marked_by: Generated<string>;
  note: Generated<string>;
  marked_at: Timestamp;
};

/** A session occurrence a leader closed. */
export type AttendanceClosedTable = {
  account_id: number;
  service_id: number;
  session_id: number;
  occurrence_date: string;
  closed_by: Generated<string>;
  closed_at: Timestamp;
};

export type DatabasesTable = {
  id: Generated<number>;
  account_id: number;
  name: string;
  case_sensitive: number;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type DbValuesTable = {
  id: Generated<number>;
  account_id: number;
  database_id: number;
  value: string;
  /** The value lower-cased in case-insensitive databases, as-is otherwise (unique per database). */
  value_key: string;
  response: Generated<string>;
  validity: Generated<number>;
};

export type QuestionsTable = {
  id: Generated<number>;
  account_id: number;
  text: string;
  type: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type QuestionAnswersTable = {
  id: Generated<number>;
  account_id: number;
  question_id: number;
  text: string;
  created_at: Timestamp;
};

export type AppUsersTable = {
  id: Generated<number>;
  account_id: number;
  username: string;
  username_key: string;
  password_hash: string | null;
  device_limit: number | null;
  is_owner: Generated<number>;
  invite_token_hash: string | null;
  /** 1: may sign in to the user portal (/share/preview/); 0023-portals. */
  user_portal: Generated<number>;
  /** 1: may sign in to the task portal (/task-portal/). */
  task_portal: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
};

/** What an administrator shares with a portal user: a service (user portal) or a task (task portal). */
export type PortalSharesTable = {
  account_id: number;
  app_user_id: number;
  kind: 'service' | 'task';
  target_id: number;
};

export type DevicesTable = {
  id: Generated<number>;
  account_id: number;
  udid: string;
  name: string;
  app_user_id: number | null;
  created_at: Timestamp;
  last_seen_at: Timestamp | null;
};

export type ServicesTable = {
  id: Generated<number>;
  account_id: number;
  name: string;
  validation_method: string;
  database_id: number | null;
  postback_url: Generated<string>;
  description: Generated<string>;
  duplicate_value: Generated<number>;
  /** JSON of ServiceSettings (modules/services/service-settings.ts). */
  settings: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  /** A specialized service's type (`check-in-out`, …; contracts `specializedTypes`), null for an ordinary service. */
  specialized_type: string | null;
  /** JSON of the type's settings (modules/specialized/types/). */
  type_settings: Generated<string>;
};

export type ServiceUsersTable = { account_id: number; service_id: number; app_user_id: number };

export type ServiceQuestionsTable = {
  account_id: number;
  service_id: number;
  question_id: number;
  position: number;
  condition: Generated<string>;
  required: Generated<number>;
};

export type AppTokensTable = { id: Generated<number>; token_hash: string; account_id: number; app_user_id: number; device_id: number; created_at: Timestamp; expires_at: Timestamp };

export type AppUserDevicesTable = { account_id: number; app_user_id: number; device_id: number; first_seen_at: Timestamp; last_seen_at: Timestamp };

export type UploadsTable = {
  id: Generated<number>;
  account_id: number;
  service_id: number;
  app_user_id: number | null;
  device_id: number | null;
  status: Generated<number>;
  count: Generated<number>;
  created_at: Timestamp;
};

export type ScansTable = {
  id: Generated<number>;
  account_id: number;
  service_id: number;
  app_user_id: number | null;
  device_id: number | null;
  upload_id: number | null;
  value: string;
  response: Generated<string>;
  /** 1 valid, 0 invalid, -1 not validated. */
  status: number;
  db_value_id: number | null;
  client_scan_id: string | null;
  scanned_at: Timestamp;
  received_at: Timestamp;
  modified_at: Timestamp;
};

export type ScanAnswersTable = {
  id: Generated<number>;
  account_id: number;
  scan_id: number;
  question_id: number;
  question_text: Generated<string>;
  position: Generated<number>;
  answer: string;
  /** Blob key of a photo or signature. */
  file_key: string | null;
};

/** Check in/out (migration 0014): a value's current state in an instance, moved by the scan `last_scan_id` in its transaction. */
export type CheckInOutStatesTable = {
  account_id: number;
  service_id: number;
  value_key: string;
  value: string;
  state: 'in' | 'out';
  since: Timestamp;
  by_app_user_id: number | null;
  last_scan_id: number | null;
  /** Movements so far; 0 for a row made only to lock a value never moved. */
  moves: Generated<number>;
};

/** Logistics (migration 0027): where a package of an instance is now, moved by the scan `last_scan_id` in its transaction. */
export type LogisticsPackagesTable = {
  account_id: number;
  service_id: number;
  value: string;
  /** The stage's name ('' for a row made only to lock a package never moved). */
  stage: string;
  final: Generated<number>;
  since: Timestamp;
  latitude: number | null;
  longitude: number | null;
  by_app_user_id: number | null;
  last_scan_id: number | null;
  moves: Generated<number>;
};

/** `scanned_at` is the scan's, copied (migration 0039) so a property match pages newest first from one index; a trigger follows changes. */
export type ScanPropertiesTable = { account_id: number; scan_id: number; name: string; value: string; scanned_at: Timestamp };

/**
 * Scans counted per service and app user (0: scans without one), by result; kept by triggers on `scans`
 * (migration 0008), never written by the application.
 */
export type ScanCountsTable = { account_id: number; service_id: number; app_user_id: number; valid: number; invalid: number; not_validated: number };

/** The same per UTC hour of the scanned time (`YYYY-MM-DDTHH` on SQLite; a UTC timestamp, read as ISO text, on PostgreSQL). */
export type ScanCountsHourlyTable = ScanCountsTable & { slot: string };

/** Scans of the whole account per UTC quarter hour of the scanned time, by result (`YYYY-MM-DDTHH:MM` on SQLite; a UTC timestamp on PostgreSQL; migration 0040). */
export type ScanCountsAccountQuarterHourlyTable = Omit<ScanCountsHourlyTable, 'service_id' | 'app_user_id'>;

export type ScanEditsTable = { id: Generated<number>; account_id: number; scan_id: number; at: Timestamp; editor: string; /** JSON: [{field, from, to}] */ changes: string };

export type ExportTemplatesTable = {
  id: Generated<number>;
  account_id: number;
  name: string;
  /** JSON array of ExportColumn (packages/contracts). */
  columns: string;
  /** date-fns pattern of the time columns. */
  date_format: string;
  /** IANA zone, or `account` for the account's zone at export time. */
  time_zone: Generated<string>;
  row_per: Generated<'scan' | 'answer'>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** A webhook subscription (migration 0013); `events` and `service_ids` are JSON arrays. */
export type WebhookSubscriptionsTable = {
  id: Generated<number>;
  account_id: number;
  url: string;
  description: Generated<string>;
  events: string;
  service_ids: Generated<string>;
  active: Generated<number>;
  paused_reason: 'manual' | 'failing' | null;
  /** The signing secret as issued (whsec_…), never answered after creation. */
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Timestamp | null;
  failing_since: Timestamp | null;
  drain_job_id: number | null;
  drain_until: Timestamp | null;
  /** The first and the newest delivery the sender finished (delivered or given up on), null before any (migration 0041). */
  first_delivery_id: number | null;
  last_delivery_id: number | null;
  /** How many of its deliveries succeeded, and failed for good (migration 0042): the delivery log's totals. */
  succeeded_count: Generated<number>;
  failed_count: Generated<number>;
  /** Who made it: '' the web page; a REST hook's `zapier`, `make` or `api` (migration 0026). */
  source: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** A webhook event's payload, stored once for all the deliveries of the event (migration 0038). */
export type WebhookEventsTable = {
  id: Generated<number>;
  account_id: number;
  payload: string;
  created_at: Timestamp;
};

/** One message to one subscription, with its last attempt (migration 0013). */
export type WebhookDeliveriesTable = {
  id: Generated<number>;
  account_id: number;
  subscription_id: number;
  message_id: string;
  event_type: string;
  /** The event whose payload it sends (migration 0038). */
  event_id: number;
  status: Generated<'pending' | 'succeeded' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp | null;
  http_status: number | null;
  response_body: string | null;
  duration_ms: number | null;
  error: string | null;
  redelivery_of: number | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
};

/** The whole schema as Kysely sees it. */
/** Scan to Excel: the SHA-256 of an instance's secret download link (migration 0019). */
export type ScanToExcelLinksTable = {
  account_id: number;
  service_id: number;
  token_hash: string;
  created_at: Timestamp;
};

/** Table builder (migration 0024): a row keyed by a scanned value. */
export type TableBuilderRowsTable = { id: Generated<number>; account_id: number; service_id: number; value: string; created_at: Timestamp; updated_at: Timestamp; updated_by: string };
/** Table builder: the latest answer of a column (question) in a row. */
export type TableBuilderCellsTable = { account_id: number; service_id: number; row_id: number; question_id: number; value: string; updated_at: Timestamp; updated_by: string };
/** Table builder: one change of a cell, who and when (`source`: scan, admin or import). */
export type TableBuilderChangesTable = {
  id: Generated<number>; account_id: number; service_id: number; row_id: number; question_id: number; old_value: string | null; new_value: string;
  changed_by: string; source: string; scan_id: number | null; changed_at: Timestamp;
};
/** Table builder: a share link (SHA-256 of its token; scrypt hash of its optional password; JSON question ids or null for all). */
export type TableBuilderLinksTable = {
  id: Generated<number>; account_id: number; service_id: number; token_hash: string; password_hash: string | null; question_ids: string | null;
  /** 0030: who changes through the link are by ("share link <name>"); the columns it may edit (JSON; null = read-only). */
  name: Generated<string>; editable_question_ids: string | null;
  expires_at: Timestamp | null; revoked_at: Timestamp | null; created_at: Timestamp;
};

/** Scan tickets: the entry state of a ticket in a scan-tickets service (migration 0016). */
export type ScanTicketStatesTable = {
  account_id: number;
  service_id: number;
  db_value_id: number;
  entries: Generated<number>;
  /** The local date (account time zone) of the last entry, YYYY-MM-DD. */
  day: Generated<string>;
  day_entries: Generated<number>;
  inside: Generated<number>;
  /** Scans of the ticket after the one that made the row (0: the row was made by the scan reading it). */
  seen: Generated<number>;
  updated_at: Timestamp;
};

/** A store an account connected for its files (migration 0029, docs/FILE-STORAGE.md). */
export type FileStoresTable = {
  id: Generated<number>;
  account_id: number;
  kind: string;
  name: string;
  status: Generated<string>;
  settings: Generated<string>;
  /** AES-256-GCM with SECRETS_KEY (platform/auth/secret-box.ts): tokens or secret as JSON. */
  secret_enc: Generated<string>;
  for_exports: Generated<number>;
  /** The exports store also receives scan photos and signatures (migration 0035). */
  for_scan_files: Generated<number>;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** A task run's file copied (or being copied) to a file store. */
export type FileStorageCopiesTable = {
  id: Generated<number>;
  account_id: number;
  job_id: number;
  store_id: number | null;
  store_name: string;
  state: Generated<string>;
  remote_path: Generated<string>;
  error: string | null;
  attempts: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** An account's OpenID Connect identity provider (migration 0022, docs/SSO.md). */
export type SsoConfigsTable = {
  id: Generated<number>;
  account_id: number;
  enabled: number;
  issuer_url: string;
  client_id: string;
  /** AES-256-GCM with SECRETS_KEY (platform/auth/secret-box.ts); '' when none is stored. */
  client_secret_enc: string;
  jit_enabled: number;
  jit_default_role: string;
  group_claim: string;
  group_roles: string;
  require_sso: number;
  /** 'oidc' or 'saml' (migration 0032). */
  protocol: Generated<string>;
  saml_idp_entity_id: Generated<string>;
  saml_idp_sso_url: Generated<string>;
  /** PEM certificates separated by a blank line. */
  saml_idp_certs: Generated<string>;
  /** The provider's name on "Sign in with …" buttons (migration 0034); '' shows "SSO". */
  display_name: Generated<string>;
  /** 1: app users (scanner, portals) may sign in through the provider too. */
  app_users_enabled: Generated<number>;
  /** 1: app users must (the owner's app user keeps the password: break-glass). */
  app_users_require_sso: Generated<number>;
  /** 1: an unknown address becomes an app user on first sign-in. */
  app_users_jit: Generated<number>;
  /** JSON [{group, serviceIds, userPortal, taskPortal}]: what a just-in-time app user gets per group ('*': everyone). */
  app_user_groups: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type SsoDomainsTable = { account_id: number; domain: string };

/** Ids of SAML assertions already used, kept until they expire (replay protection, migration 0032). */
export type SsoSamlAssertionsTable = { account_id: number; assertion_id: string; expires_at: Timestamp };

/** A short address `/l/<code>` of the account (migration 0028). */
export type ShortLinksTable = {
  id: Generated<number>;
  account_id: number;
  code: string;
  /** A path on our own origin, with its query. */
  target: string;
  label: Generated<string>;
  kind: 'page' | 'download' | 'portal' | 'share';
  created_by: number | null;
  created_at: Timestamp;
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
  visits: Generated<number>;
  last_visit_at: Timestamp | null;
  /** Where the link came from (migration 0033): made by hand, or with a share link, a download link or a portal grant. */
  source: Generated<'manual' | 'share-link' | 'scan-to-excel' | 'portal'>;
  /** The id of what made it: the share link's id, the scan-to-excel instance's id; null otherwise. */
  source_id: number | null;
  /** A secret target sealed with SECRETS_KEY (`target` then shows it with the token cut out). */
  sealed_target: string | null;
};

/** One visit of a short link (migration 0028). */
export type ShortLinkVisitsTable = {
  id: Generated<number>;
  account_id: number;
  link_id: number;
  visited_at: Timestamp;
  user_agent: Generated<string>;
  referrer_host: Generated<string>;
};

/** One attempt to post a scan to a service's postback or forwarding URL (migration 0026). */
export type PostbackDeliveriesTable = {
  id: Generated<number>;
  account_id: number;
  service_id: number;
  scan_id: number | null;
  url: string;
  kind: 'validate' | 'forward';
  ok: number;
  http_status: number | null;
  outcome: string;
  duration_ms: number;
  created_at: Timestamp;
};

export type Database = {
  sso_configs: SsoConfigsTable;
  file_stores: FileStoresTable;
  file_storage_copies: FileStorageCopiesTable;
  sso_domains: SsoDomainsTable;
  sso_saml_assertions: SsoSamlAssertionsTable;
  accounts: AccountsTable;
  account_branding: AccountBrandingTable;
  account_billing: AccountBillingTable;
  invoices: InvoicesTable;
  stripe_customers: StripeCustomersTable;
  stripe_events: StripeEventsTable;
  admins: AdminsTable;
  account_users: AccountUsersTable;
  auth_tokens: AuthTokensTable;
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  api_keys: ApiKeysTable;
  api_log: ApiLogTable;
  rate_counters: RateCountersTable;
  system_settings: SystemSettingsTable;
  tasks: TasksTable;
  jobs: JobsTable;
  job_logs: JobLogsTable;
  barcode_templates: BarcodeTemplatesTable;
  databases: DatabasesTable;
  db_values: DbValuesTable;
  questions: QuestionsTable;
  question_answers: QuestionAnswersTable;
  app_users: AppUsersTable;
  portal_shares: PortalSharesTable;
  devices: DevicesTable;
  services: ServicesTable;
  service_users: ServiceUsersTable;
  service_questions: ServiceQuestionsTable;
  app_tokens: AppTokensTable;
  app_user_devices: AppUserDevicesTable;
  uploads: UploadsTable;
  scans: ScansTable;
  scan_answers: ScanAnswersTable;
  scan_properties: ScanPropertiesTable;
  scan_edits: ScanEditsTable;
  scan_counts: ScanCountsTable;
  scan_counts_hourly: ScanCountsHourlyTable;
  scan_counts_account_quarter_hourly: ScanCountsAccountQuarterHourlyTable;
  export_templates: ExportTemplatesTable;
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  postback_deliveries: PostbackDeliveriesTable;
  scan_ticket_states: ScanTicketStatesTable;
  scan_to_excel_links: ScanToExcelLinksTable;
  table_builder_rows: TableBuilderRowsTable;
  table_builder_cells: TableBuilderCellsTable;
  table_builder_changes: TableBuilderChangesTable;
  table_builder_links: TableBuilderLinksTable;
  attendance_sessions: AttendanceSessionsTable;
  attendance_marks: AttendanceMarksTable;
  attendance_closed: AttendanceClosedTable;
  checkinout_states: CheckInOutStatesTable;
  short_links: ShortLinksTable;
  short_link_visits: ShortLinkVisitsTable;
  logistics_packages: LogisticsPackagesTable;
};
