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
};

export type AuthTokenKind = 'session' | 'verify_email' | 'password_reset' | 'invite' | 'account_select';

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

/** The whole schema as Kysely sees it. */
export type Database = {
  accounts: AccountsTable;
  admins: AdminsTable;
  account_users: AccountUsersTable;
  auth_tokens: AuthTokensTable;
  api_keys: ApiKeysTable;
  api_log: ApiLogTable;
  rate_counters: RateCountersTable;
  system_settings: SystemSettingsTable;
  barcode_templates: BarcodeTemplatesTable;
};
