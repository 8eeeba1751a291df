import { v2Routes } from '@scanbase/contracts';
import { AppError } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/http/uploaded-file.js';
import { bindV2, type V2Binding } from '../../platform/http/v2/v2-types.js';
import type { DatabaseImports } from './database-imports.js';
import { fileRows, previewRows, tableFormat, type RowBatches, type TableFormat } from './databases.import.js';
import type { DatabasesService } from './databases.service.js';

const TOTAL_CAP = 10_000;

/** The uploaded file part (`file`, or the only one). */
function filePart(files: UploadedFile[]): UploadedFile | undefined {
  return files.find((f) => f.field === 'file') ?? files[0];
}

/** The uploaded file's rows, streamed (CSV or XLSX by name or content). */
async function uploadedRows(files: UploadedFile[]): Promise<{ format: TableFormat; rows: RowBatches }> {
  const file = filePart(files);
  if (!file) throw new AppError('VALIDATION_FAILED', 'Attach the CSV or XLSX file as the multipart part "file".', [{ path: 'file', message: 'Choose a file' }]);
  const format = tableFormat(file.filename, file.head);
  return { format, rows: fileRows(await file.stream(), format) };
}

/** V2 routes of the databases screens. */
export function databasesV2(service: DatabasesService, imports: DatabaseImports): V2Binding[] {
  return [
    bindV2(v2Routes.listDatabases, ({ session, body }) => service.list(session.accountId, body)),
    bindV2(v2Routes.getDatabase, ({ session, body }) => service.get(session.accountId, body.id)),
    bindV2(v2Routes.createDatabase, async ({ session, body }) => service.get(session.accountId, (await service.create(session.accountId, body)).id)),
    bindV2(v2Routes.renameDatabase, async ({ session, body }) => {
      await service.rename(session.accountId, body.id, body.name);
      return service.get(session.accountId, body.id);
    }),
    bindV2(v2Routes.deleteDatabase, async ({ session, body }) => {
      await service.delete(session.accountId, [body.id]);
      return { ok: true as const };
    }),
    bindV2(v2Routes.clearDatabase, async ({ session, body }) => ({ removed: await service.clear(session.accountId, body.id) })),
    bindV2(v2Routes.searchValues, async ({ session, body }) => {
      const filters = { ...(body.search ? { valueLike: body.search } : {}), ...(body.responseSearch ? { responseLike: body.responseSearch } : {}), ...(body.validity !== undefined ? { validity: body.validity } : {}) };
      const { rows, total = 0 } = await service.findValues(session.accountId, body.id, filters, { limit: body.limit, offset: (body.page - 1) * body.limit }, TOTAL_CAP);
      return { items: rows, total, totalCapped: total >= TOTAL_CAP, page: body.page, limit: body.limit };
    }),
    bindV2(v2Routes.addValue, async ({ session, body }) => {
      const id = await service.addValue(session.accountId, body.id, body);
      return (await service.repo.getValue(session.accountId, id))!;
    }),
    bindV2(v2Routes.editValue, async ({ session, body }) => {
      const current = await service.repo.getValue(session.accountId, body.valueId);
      if (!current || current.database_id !== body.id) throw new AppError('NOT_FOUND', 'This value does not exist.');
      await service.editValue(session.accountId, body.id, { value: current.value, newValue: body.value, response: body.response, validity: body.validity });
      const { database_id: _d, ...value } = (await service.repo.getValue(session.accountId, body.valueId))!;
      return value;
    }),
    bindV2(v2Routes.deleteValue, async ({ session, body }) => {
      const current = await service.repo.getValue(session.accountId, body.valueId);
      if (!current || current.database_id !== body.id) throw new AppError('NOT_FOUND', 'This value does not exist.');
      await service.deleteValueRow(session.accountId, body.id, current);
      return { ok: true as const };
    }),
    bindV2(v2Routes.autofillValues, async ({ session, body }) => ({ added: await service.autofill(session.accountId, body.id, body) })),
    bindV2(v2Routes.previewImport, async ({ session, body, files }) => {
      await service.require(session.accountId, body.id);
      const { format, rows } = await uploadedRows(files);
      const first = await previewRows(rows, body.rows);
      return { format, rows: first, columns: Math.max(0, ...first.map((r) => r.length)) };
    }),
    bindV2(v2Routes.importValues, async ({ session, body, files }) => service.importInRequest(session.accountId, body.id, (await uploadedRows(files)).rows, { trim: body.trim, hasHeader: body.hasHeader, columns: body.columns, onError: body.onError })),
    bindV2(v2Routes.startImport, async ({ session, body, files }) => ({ jobId: await imports.start(session.accountId, body.id, filePart(files), { columns: body.columns, hasHeader: body.hasHeader, trim: body.trim, onError: body.onError }) })),
  ];
}
