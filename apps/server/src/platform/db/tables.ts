import type { Database } from './schema.js';

/**
 * Every table, parents before children: the order data:export writes and data:import reads.
 * A test checks this list against the live schema, so a new table cannot be forgotten.
 */
export const tablesInOrder: { name: keyof Database; key: 'id' | null }[] = [
  { name: 'accounts', key: 'id' },
  { name: 'admins', key: 'id' },
  { name: 'account_users', key: 'id' },
  { name: 'auth_tokens', key: 'id' },
  { name: 'api_keys', key: 'id' },
  { name: 'api_log', key: 'id' },
  { name: 'barcode_templates', key: 'id' },
  { name: 'rate_counters', key: null },
  { name: 'system_settings', key: null },
];
