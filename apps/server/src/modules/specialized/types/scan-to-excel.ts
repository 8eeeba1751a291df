import { scanToExcelSettings, type ScanToExcelSettings } from '@scanbase/contracts';
import { defineSpecializedType } from '../specialized-type.js';

/** The live topic of a scan-to-excel instance's sheet (id: the instance id), published after every scan. */
export const SHEET_TOPIC = 'sheet';

/**
 * Scan to Excel (issue 14): a service that records every scan (or validates against a database the
 * administrator chose); the type adds no rule, only the sheet's columns (settings) and the live topic.
 */
export const scanToExcelType = defineSpecializedType<ScanToExcelSettings>({
  type: 'scan-to-excel',
  settings: scanToExcelSettings,
  database: 'optional',
  serviceVariables: (_settings, databaseId): Record<string, string> => (databaseId === null ? { validation_method: 'record' } : { validation_method: 'database', database_id: String(databaseId) }),
  // The verdict is the base method's; the sheet's table view follows the instance's topic.
  judge: async (ctx) => ({ ...ctx.base, topics: [SHEET_TOPIC] }),
});
