import { isRowId, legacyAction } from '../../platform/http/legacy/legacy-bridge.js';
import { LegacyError } from '../../platform/http/legacy/legacy-error.js';
import type { LegacyParams } from '../../platform/http/legacy/legacy-params.js';
import type { LegacySection } from '../../platform/http/legacy/legacy-types.js';
import { el, textEl } from '../../platform/xml/xml-writer.js';
import type { ParamMap, ParamValue } from '../../platform/xml/xml-reader.js';
import type { DatabaseImports } from './database-imports.js';
import { SHOWVALUES_CAP, type DatabasesService } from './databases.service.js';
import { csvRows } from './databases.import.js';

/** One database id: missing answers 50, anything but an integer 270. */
export function databaseId(params: LegacyParams, name = 'database_id'): number {
  const raw = params.require(name).trim();
  if (!isRowId(raw)) throw new LegacyError(270, `Invalid ${name}: ${raw}`);
  return Number(raw);
}

function validityOf(raw: string | undefined): number | undefined {
  const v = raw?.trim();
  if (v === undefined || v === '') return undefined;
  if (v !== '0' && v !== '1') throw new LegacyError(50, 'validity must be 0 or 1.');
  return Number(v);
}

function text(v: ParamValue | undefined): string | undefined {
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && typeof v[0] === 'string') return v[0];
  return undefined;
}

function nonNegative(params: LegacyParams, name: string): number | undefined {
  const v = params.get(name)?.trim();
  if (v === undefined || v === '') return undefined;
  if (!/^\d{1,9}$/.test(v)) throw new LegacyError(50, `${name} must be a whole number.`);
  return Number(v);
}

/** The items of `values[i][...]` (form) or repeated `<values>` blocks (XML), in order. */
function valueItems(raw: ParamValue | undefined): ParamMap[] {
  if (raw === undefined || typeof raw === 'string') return [];
  if (Array.isArray(raw)) return raw.filter((v): v is ParamMap => typeof v === 'object' && !Array.isArray(v));
  if ('value' in raw) return [raw];
  return Object.keys(raw)
    .filter((k) => /^\d+$/.test(k))
    .sort((a, b) => Number(a) - Number(b))
    .map((k) => raw[k])
    .filter((v): v is ParamMap => typeof v === 'object' && v !== null && !Array.isArray(v));
}

/** The `databases` section: lists of values that services validate against. */
export function databasesLegacy(service: DatabasesService, imports: DatabaseImports): Record<string, LegacySection> {
  return {
    databases: {
      actions: {
        create: legacyAction(async ({ params, auth }) => {
          const row = await service.create(auth.accountId, { name: params.require('database_name'), caseSensitive: params.flag('case_sensitivity', false) });
          return [textEl('id', row.id)];
        }),
        retrieve: legacyAction(async ({ params, auth }) => {
          const ids = params.idList('database_id', 270) ?? 'all';
          const level = params.get('info_level')?.trim().toLowerCase();
          const rows = await service.resolve(auth.accountId, ids);
          const infos = await service.describe(auth.accountId, rows, level !== 'names' && level !== 'services');
          return [
            textEl('count', infos.length),
            ...infos.map((d) =>
              el(
                'database',
                { id: d.id },
                textEl('name', d.name),
                level !== 'names' && level !== 'services' && textEl('count', d.valueCount),
                level !== 'names' && d.serviceIds.map((s) => el('service', { id: s })),
              ),
            ),
          ];
        }),
        update: legacyAction(async ({ params, auth }) => {
          await service.rename(auth.accountId, databaseId(params), params.require('database_name'));
          return [];
        }),
        delete: legacyAction(async ({ params, auth }) => {
          const ids = params.idList('database_id', 270);
          if (ids === undefined) throw new LegacyError(50, 'Required variable is missing: database_id');
          await service.delete(auth.accountId, ids);
          return [];
        }),
        clear: legacyAction(async ({ params, auth }) => {
          await service.clear(auth.accountId, databaseId(params));
          return [];
        }),
        showvalues: legacyAction(async ({ params, auth }) => {
          const limit = nonNegative(params, 'limit');
          const offset = limit === undefined ? 0 : (nonNegative(params, 'offset') ?? 0);
          const get = (n: string) => (params.get(n) === undefined || params.get(n) === '' ? undefined : params.get(n));
          const v = validityOf(params.get('validity'));
          const filters = {
            ...(get('value') !== undefined ? { value: get('value')! } : {}),
            ...(get('valuelike') !== undefined ? { valueLike: get('valuelike')! } : {}),
            ...(get('response') !== undefined ? { response: get('response')! } : {}),
            ...(get('responselike') !== undefined ? { responseLike: get('responselike')! } : {}),
            ...(v !== undefined ? { validity: v } : {}),
          };
          const { rows } = await service.findValues(auth.accountId, databaseId(params), filters, { limit: Math.min(limit ?? SHOWVALUES_CAP, SHOWVALUES_CAP), offset });
          return [textEl('count', rows.length), ...rows.map((r) => el('value', { validity: r.validity }, textEl('id', r.value), textEl('response', r.response)))];
        }),
        upload: legacyAction(async ({ params, auth, files }) => {
          const id = databaseId(params);
          const file = files.find((f) => f.field === 'csvfile');
          if (!file) throw new LegacyError(1029, 'No CSV file supplied: send it as the multipart file part csvfile.');
          if (!/\.csv$/i.test(file.filename)) throw new LegacyError(1026, 'Please select a .CSV file.');
          if (file.size === 0) {
            await service.require(auth.accountId, id);
            throw new LegacyError(1019, 'The file holds no rows.');
          }
          const trim = params.flag('trim_value', true);
          // is_deferred=1: the file goes to storage and an importdatabase job imports it (all or nothing); the reply comes at once.
          if (params.flag('is_deferred', false)) {
            await imports.start(auth.accountId, id, file, { trim, hasHeader: false, onError: 'abort' });
            return [];
          }
          await service.importInRequest(auth.accountId, id, csvRows(await file.stream()), { trim, maxColumns: 3, onError: 'abort' });
          return [];
        }),
        upsertmultivalue: legacyAction(async ({ params, auth }) => {
          const globalDb = params.get('database_id')?.trim();
          const globalTrim = params.flag('trim_value', true);
          const items = valueItems(params.raw.values);
          if (items.length > 100) throw new LegacyError(50, 'At most 100 values per call (values[0] to values[99]).');
          const work = [];
          for (const item of items) {
            const value = text(item.value);
            const db = text(item.database_id)?.trim() || globalDb;
            if (value === undefined || !db) continue;
            if (!isRowId(db)) throw new LegacyError(270, `Invalid database_id: ${db}`);
            const trimRaw = text(item.trim_value)?.trim();
            const response = text(item.response) ?? text(item.message);
            work.push({ databaseId: Number(db), value, response, validity: validityOf(text(item.validity)), trim: trimRaw === undefined || trimRaw === '' ? globalTrim : trimRaw !== '0' });
          }
          if (work.length === 0) throw new LegacyError(1028, 'No barcode value supplied: send values[i][value] with a database_id.');
          await service.upsertMany(auth.accountId, work);
          return [];
        }),
        upsertvalue: legacyAction(async ({ params, auth }) => {
          await service.upsertValue(auth.accountId, databaseId(params), { value: params.require('value', 1028, 'No barcode value supplied.'), response: params.get('response'), validity: validityOf(params.get('validity')), trim: params.flag('trim_value', true) });
          return [];
        }),
        addvalue: legacyAction(async ({ params, auth }) => {
          const id = await service.addValue(auth.accountId, databaseId(params), { value: params.require('value', 1028, 'No barcode value supplied.'), response: params.get('response'), validity: validityOf(params.get('validity')), trim: params.flag('trim_value', true) });
          return [textEl('id', id)];
        }),
        editvalue: legacyAction(async ({ params, auth }) => {
          await service.editValue(auth.accountId, databaseId(params), { value: params.require('value', 1028, 'No barcode value supplied.'), response: params.get('response'), validity: validityOf(params.get('validity')) });
          return [];
        }),
        deletevalue: legacyAction(async ({ params, auth }) => {
          await service.deleteValue(auth.accountId, databaseId(params), params.require('value', 1028, 'No barcode value supplied.'));
          return [];
        }),
      },
    },
  };
}
