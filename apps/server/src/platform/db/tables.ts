import { substringIndexTables } from './dialect.js';
import type { Database } from './schema.js';

/**
 * Every table, parents before children: the order data:export writes and data:import reads.
 * A test checks this list against the live schema, so a new table cannot be forgotten.
 */
export const tablesInOrder: { name: keyof Database; key: 'id' | null }[] = [
  { name: 'accounts', key: 'id' },
  { name: 'admins', key: 'id' },
  { name: 'account_branding', key: null },
  { name: 'account_billing', key: null },
  { name: 'invoices', key: 'id' },
  { name: 'stripe_customers', key: null },
  { name: 'stripe_events', key: null },
  { name: 'account_users', key: 'id' },
  { name: 'auth_tokens', key: 'id' },
  { name: 'two_factor', key: 'id' },
  { name: 'two_factor_recovery_codes', key: 'id' },
  { name: 'sso_configs', key: 'id' },
  { name: 'sso_domains', key: null },
  { name: 'sso_saml_assertions', key: null },
  { name: 'file_stores', key: 'id' },
  { name: 'api_keys', key: 'id' },
  { name: 'api_log', key: 'id' },
  { name: 'barcode_templates', key: 'id' },
  { name: 'databases', key: 'id' },
  { name: 'db_values', key: 'id' },
  { name: 'questions', key: 'id' },
  { name: 'question_answers', key: 'id' },
  { name: 'app_users', key: 'id' },
  { name: 'devices', key: 'id' },
  { name: 'services', key: 'id' },
  { name: 'service_users', key: null },
  { name: 'service_questions', key: null },
  { name: 'app_tokens', key: 'id' },
  { name: 'app_user_devices', key: null },
  { name: 'uploads', key: 'id' },
  { name: 'scans', key: 'id' },
  { name: 'scan_answers', key: 'id' },
  { name: 'scan_properties', key: null },
  { name: 'scan_edits', key: 'id' },
  { name: 'export_templates', key: 'id' },
  { name: 'webhook_subscriptions', key: 'id' },
  { name: 'webhook_events', key: 'id' },
  { name: 'webhook_deliveries', key: 'id' },
  { name: 'postback_deliveries', key: 'id' },
  { name: 'scan_ticket_states', key: null },
  { name: 'scan_to_excel_links', key: null },
  { name: 'table_builder_rows', key: 'id' },
  { name: 'table_builder_cells', key: null },
  { name: 'table_builder_changes', key: 'id' },
  { name: 'table_builder_links', key: 'id' },
  { name: 'attendance_sessions', key: 'id' },
  { name: 'attendance_marks', key: 'id' },
  { name: 'attendance_closed', key: null },
  { name: 'checkinout_states', key: null },
  { name: 'short_links', key: 'id' },
  { name: 'short_link_visits', key: 'id' },
  { name: 'logistics_packages', key: null },
  { name: 'rate_counters', key: null },
  { name: 'system_settings', key: null },
  { name: 'tasks', key: 'id' },
  { name: 'portal_shares', key: null },
  { name: 'jobs', key: 'id' },
  { name: 'file_storage_copies', key: 'id' },
  { name: 'job_logs', key: 'id' },
];

/**
 * Tables derived from another table by triggers, which rebuild them on import: not exported. The
 * substring indexes a dialect adds (SQLite FTS5) and the scan counters (migrations 0008 and 0040).
 */
export const derivedTables: readonly string[] = [...substringIndexTables('db_values'), ...substringIndexTables('scans'), 'scan_counts', 'scan_counts_hourly', 'scan_counts_account_quarter_hourly'];
