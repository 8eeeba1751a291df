import type { SpecializedType } from '@scanbase/contracts';
import type { SpecializedTypeDefinition } from '../specialized-type.js';
import { scanTicketsType } from './scan-tickets.js';
import { attendanceType } from './attendance.js';
import { checkInOutType } from './check-in-out.js';
import { scanToExcelType } from './scan-to-excel.js';
import { abBarcodeMatchingType } from './ab-barcode-matching.js';
import { tableBuilderType } from './table-builder.js';
import { logisticsType } from './logistics.js';

/**
 * The types built so far. A type missing here shows as "not available yet" on the create page and
 * `specialized/create` refuses it. Each type lives in its own file beside this one.
 */
export const specializedTypeDefinitions: Partial<Record<SpecializedType, SpecializedTypeDefinition>> = {
  'scan-tickets': scanTicketsType,
  attendance: attendanceType,
  'check-in-out': checkInOutType,
  'scan-to-excel': scanToExcelType,
  'ab-barcode-matching': abBarcodeMatchingType,
  'table-builder': tableBuilderType,
  logistics: logisticsType,
};
