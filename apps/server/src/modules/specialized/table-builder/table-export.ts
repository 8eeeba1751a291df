import type { ExtraColumns } from '../../scans/scan-export.js';
import type { TableColumnsSource } from '../../scans/scan.tasks.js';
import { exportScan } from '../../scans/scan-export.repo.js';
import type { ScansRepo } from '../../scans/scans.repo.js';
import type { TableBuilderRepo } from './table-builder.repo.js';

/** How a table column is headed in a scan export: its question's text, marked so it never reads as the scan's own answer. */
export function tableColumnHeader(questionText: string): string {
  return `${questionText} (table)`;
}

/**
 * The `exportscan` task's table columns: when the exported scans include scans of table-builder services, each
 * scan carries the **current** cells of its row (the row of its service and scanned value), one column per table
 * column (a question shared by two tables is one column). Cells are read per batch of scans, so memory stays flat.
 */
export function tableExportColumns(repo: TableBuilderRepo, scans: Pick<ScansRepo, 'idsMatching'>): TableColumnsSource {
  return async (accountId, filter) => {
    const candidates = filter.serviceIds?.length === 0 ? [] : await repo.tableServiceIds(accountId, filter.serviceIds);
    // Only tables with scans in this export add columns (one indexed probe per table-builder service).
    const services: number[] = [];
    for (const id of candidates) if ((await scans.idsMatching(accountId, { ...filter, serviceIds: [id] }, 1)).length > 0) services.push(id);
    if (services.length === 0) return undefined;
    const header: string[] = [];
    const slots = new Map<number, number>();
    for (const id of services) {
      for (const c of await repo.columns(accountId, id)) {
        if (slots.has(c.questionId)) continue;
        slots.set(c.questionId, header.length);
        header.push(tableColumnHeader(c.text));
      }
    }
    if (header.length === 0) return undefined;
    const tables = new Set(services);
    const blank: readonly string[] = new Array<string>(header.length).fill('');
    const columns: ExtraColumns = {
      header,
      async forBatch(batch) {
        const wanted = new Map<number, Set<string>>();
        for (const r of batch) {
          const serviceId = r[exportScan.serviceId];
          if (!tables.has(serviceId)) continue;
          let values = wanted.get(serviceId);
          if (!values) wanted.set(serviceId, (values = new Set()));
          values.add(r[exportScan.value]);
        }
        const rows = new Map<number, Map<string, string[]>>();
        for (const [serviceId, values] of wanted) {
          const byValue = new Map<string, string[]>();
          rows.set(serviceId, byValue);
          for (const c of await repo.cellsOfValues(accountId, serviceId, [...values])) {
            const slot = slots.get(c.question_id);
            // A cell of a question no longer among the table's columns is not shown (as in the table view).
            if (slot === undefined) continue;
            let cells = byValue.get(c.value);
            if (!cells) byValue.set(c.value, (cells = blank.slice()));
            cells[slot] = c.cell;
          }
        }
        return (r) => rows.get(r[exportScan.serviceId])?.get(r[exportScan.value]) ?? blank;
      },
    };
    return columns;
  };
}
