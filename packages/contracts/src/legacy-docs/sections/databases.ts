import type { LegacyParamDoc, LegacySectionDoc } from '../types.js';

const databaseId: LegacyParamDoc = { name: 'database_id', type: 'id', required: true, description: 'The database (one id). Missing: 50; not a number: 270; unknown: 204.' };
const value: LegacyParamDoc = { name: 'value', type: 'text', required: true, description: 'The barcode value, at most 500 characters. Matched without regard to case unless the database is case-sensitive. Missing or empty: 1028.' };
const trimValue: LegacyParamDoc = { name: 'trim_value', type: 'flag', required: false, default: '1', description: '1 removes spaces at both ends of the value before it is stored; 0 keeps them.' };
const response: LegacyParamDoc = { name: 'response', type: 'text', required: false, default: '(empty)', description: 'The text the app shows after a scan of this value: plain text, HTML, or `<curl>URL</curl>`. SCAN_VALUE, USER_NAME, USER_ID and SERVICE_ID in it are replaced at scan time.' };
const validity: LegacyParamDoc = { name: 'validity', type: 'enum', required: false, default: '1', values: ['0', '1'], description: '1: a scan of this value is valid; 0: invalid. Anything else answers 50.' };

/** The `databases` section: validation lists. */
export const databasesSection: LegacySectionDoc = {
  section: 'databases',
  title: 'Databases',
  summary: 'A database is a named list of barcode values that `database` and `ondevicedatabase` services validate scans against. Each value has a validity (1 valid, 0 invalid) and an optional response text shown in the app.',
  actions: [
    {
      action: 'create',
      summary: 'Creates an empty database and answers its id in `<id>`.',
      readOnly: false,
      params: [
        { name: 'database_name', type: 'text', required: true, description: '1 to 200 characters (50 otherwise), unique in the account without regard to the case of the letters A to Z (216).' },
        { name: 'case_sensitivity', type: 'flag', required: false, default: '0', description: '1: `ABC` and `abc` are different values. Fixed once the database is created.' },
      ],
      errors: [216],
      sample: { database_name: 'Returns', case_sensitivity: '0' },
    },
    {
      action: 'retrieve',
      summary: 'Lists databases with their number of values and the services that use them.',
      details: 'The reply holds `<count>` (the number of databases listed), then one `<database id="N">` per database, in id order, with `<name>`, `<count>` (its number of values) and one empty `<service id="N"/>` per live service that validates against it.',
      readOnly: true,
      params: [
        { name: 'database_id', type: 'id-list', required: false, default: 'all', description: 'One id, a comma-separated list (spaces allowed), or `all`. Malformed: 270; unknown: 204.' },
        { name: 'info_level', type: 'enum', required: false, default: '(everything)', values: ['names', 'services'], description: '`names`: only `<name>`; `services`: `<name>` and the services, without the value count (faster on large databases).' },
      ],
      errors: [204, 270],
      sample: { database_id: '{database_id}' },
    },
    {
      action: 'update',
      summary: 'Renames a database.',
      readOnly: false,
      params: [databaseId, { name: 'database_name', type: 'text', required: true, description: 'The new name: 1 to 200 characters, unique in the account without regard to the case of the letters A to Z (216).' }],
      errors: [204, 216, 270],
      sample: { database_id: '{database_id}', database_name: 'Returns 2024' },
    },
    {
      action: 'showvalues',
      summary: 'Lists the values of a database, oldest first, optionally filtered.',
      details: 'The reply holds `<count>` (the number of values in this reply, not the number of matches), then one `<value validity="0|1">` per value with `<id>` (the value itself) and `<response>`. Filters combine with AND. At most 100,000 values are answered per call; page with `limit` and `offset`.',
      readOnly: true,
      params: [
        databaseId,
        { name: 'value', type: 'text', required: false, description: 'Only this exact value (case-insensitive unless the database is case-sensitive).' },
        { name: 'valuelike', type: 'text', required: false, description: 'Only values containing this text, without regard to case (for letters other than A to Z this depends on the database engine).' },
        { name: 'response', type: 'text', required: false, description: 'Only values whose response text is exactly this.' },
        { name: 'responselike', type: 'text', required: false, description: 'Only values whose response text contains this, without regard to the case of the letters A to Z.' },
        { name: 'validity', type: 'enum', required: false, values: ['0', '1'], description: 'Only valid (1) or invalid (0) values.' },
        { name: 'limit', type: 'integer', required: false, default: '100000', description: 'At most this many values (a whole number; at most 100,000 are answered).' },
        { name: 'offset', type: 'integer', required: false, default: '0', description: 'Skips this many matches first. Only used together with `limit`.' },
      ],
      errors: [204, 270],
      sample: { database_id: '{database_id}', limit: '10' },
    },
    {
      action: 'addvalue',
      summary: 'Adds one value and answers the new value\'s id in `<id>`; an existing value answers 1027.',
      readOnly: false,
      params: [databaseId, value, response, validity, trimValue],
      errors: [204, 270, 1027, 1028],
      sample: { database_id: '{database_id}', value: 'TICKET-0004', response: 'Welcome to the show', validity: '1' },
    },
    {
      action: 'editvalue',
      summary: 'Changes the response text or validity of an existing value; what is left out stays.',
      details: 'The value is looked up after removing spaces at both ends. A value that does not exist answers 1017.',
      readOnly: false,
      params: [
        databaseId,
        { ...value, description: 'The existing value to change. Missing or empty: 1028; not in the database: 1017.' },
        { ...response, default: '(unchanged)', description: 'The new response text.' },
        { ...validity, default: '(unchanged)', description: 'The new validity, 0 or 1.' },
      ],
      errors: [204, 270, 1017, 1028],
      sample: { database_id: '{database_id}', value: 'TICKET-0004', response: 'VIP entrance: door 2' },
    },
    {
      action: 'upsertvalue',
      summary: 'Adds a value, or changes the response text and validity of the value if it exists.',
      details: 'When the value exists, only the variables sent change; when it does not, it is added with the defaults for what is left out.',
      readOnly: false,
      params: [databaseId, value, { ...response, default: '(empty, or unchanged)' }, { ...validity, default: '1 (or unchanged)' }, trimValue],
      errors: [204, 270, 1028],
      sample: { database_id: '{database_id}', value: 'TICKET-0005', response: 'Welcome', validity: '1' },
    },
    {
      action: 'upsertmultivalue',
      summary: 'Adds or changes up to 100 values, possibly in several databases, in one all-or-nothing call.',
      details: 'Each item `values[i]` (i from 0 to 99) works like `upsertvalue`. An item names its database with `values[i][database_id]` or falls back to the global `database_id`; items without a value or without any database id are skipped, and a call where every item is skipped answers 1028. More than 100 items answer 50.\n\nIn an XML body, write repeated `<values>` blocks; `<message>` is accepted in place of `<response>`.',
      readOnly: false,
      params: [
        { name: 'values[i][value]', type: 'map', required: true, description: 'The value of item i (i = 0 to 99), at most 500 characters.' },
        { name: 'database_id', type: 'id', required: 'Unless every item has its own `values[i][database_id]`.', description: 'The database of items that do not name one. Not a number: 270; unknown: 204.' },
        { name: 'values[i][database_id]', type: 'map', required: false, description: 'The database of item i.' },
        { name: 'values[i][response]', type: 'map', required: false, default: '(empty, or unchanged)', description: 'The response text of item i (`values[i][message]` is read when this is absent).' },
        { name: 'values[i][validity]', type: 'map', required: false, default: '1 (or unchanged)', description: 'The validity of item i, 0 or 1.' },
        { ...trimValue, description: 'The default of `values[i][trim_value]`: 1 removes spaces at both ends of each value.' },
        { name: 'values[i][trim_value]', type: 'map', required: false, description: 'Overrides `trim_value` for item i.' },
      ],
      errors: [204, 270, 1028],
      sample: { database_id: '{database_id}', 'values[0][value]': 'TICKET-0006', 'values[0][response]': 'Welcome', 'values[1][value]': 'TICKET-0007', 'values[1][response]': 'Refunded', 'values[1][validity]': '0' },
    },
    {
      action: 'deletevalue',
      summary: 'Deletes one value; a value that does not exist answers 1017.',
      readOnly: false,
      params: [databaseId, { ...value, description: 'The value to delete (spaces at both ends are ignored). Missing or empty: 1028; not in the database: 1017.' }],
      errors: [204, 270, 1017, 1028],
      sample: { database_id: '{database_id}', value: 'TICKET-0007' },
    },
    {
      action: 'upload',
      summary: 'Imports values from a CSV file sent as the multipart file part `csvfile`, all or nothing.',
      details: 'Each row holds up to three columns: the value (required, at most 500 characters), the response text and the validity (only `0` means invalid; empty or anything else is valid). A header row is imported as data. A value already in the database is replaced, response and validity included.\n\nOne bad row (an empty value, more than three columns, a value too long, a CSV syntax error) answers 1019 naming the row, and nothing is imported. The file name must end in `.csv` (1026).\n\nWith `is_deferred=1` the file is stored and imported by a background job; the reply comes at once and a bad file is reported by the job instead.',
      readOnly: false,
      params: [
        databaseId,
        { name: 'csvfile', type: 'file', required: true, description: 'The CSV file, as a multipart/form-data file part (1029 when missing, 1019 when empty).' },
        { ...trimValue, description: '1 removes spaces at both ends of each value; 0 keeps them.' },
        { name: 'is_deferred', type: 'flag', required: false, default: '0', description: '1 imports in the background (advised above 10,000 rows).' },
      ],
      errors: [204, 270, 1019, 1026, 1029],
      sample: { database_id: '{database_id}' },
      sampleFile: { field: 'csvfile', filename: 'returns.csv', content: 'RETURN-0001,Refund approved,1\nRETURN-0002,Refund refused: ticket was used,0\nRETURN-0003,Refund approved,1\n' },
    },
    {
      action: 'clear',
      summary: 'Removes every value of a database; the database stays.',
      readOnly: false,
      params: [databaseId],
      errors: [204, 270],
      sample: { database_id: '{database_id}' },
    },
    {
      action: 'delete',
      summary: 'Deletes databases with their values.',
      details: 'A database that a live service validates against answers 205: change or delete the service first. If one database cannot be deleted, none is.',
      readOnly: false,
      params: [{ name: 'database_id', type: 'id-list', required: true, description: 'One id, a comma-separated list, or `all`. Missing: 50; malformed: 270; unknown: 204.' }],
      errors: [204, 205, 270],
      sample: { database_id: '{database_id}' },
    },
  ],
};
