import { gpsPartHeaders, gpsParts, scanToExcelFieldHeaders, scanToExcelFields, scanToExcelSettings, type ScanToExcelColumn } from '@scanbase/contracts/scan-to-excel';

// The sheet's columns on the export fields tab and in the wizard: what can be added, how a column is named
// and moved. Logic without React, tested in sheet-columns.test.ts.

/** A column that can be added: its identity and the header it gets. */
export type ColumnChoice = { key: string; label: string; column: ScanToExcelColumn };

/** The same source (field, question, property, GPS part) gives the same key; a column appears once. */
export function columnKey(c: ScanToExcelColumn): string {
  switch (c.kind) {
    case 'field':
      return `field:${c.field}`;
    case 'question':
      return `question:${c.questionId}`;
    case 'property':
      return `property:${c.name}`;
    case 'gps':
      return `gps:${c.part}`;
  }
}

/** What a column shows, in words ("Scan time (account time zone)", "Answer: Pallets", "Property: dock"). */
export function columnSource(c: ScanToExcelColumn, questions: ReadonlyMap<number, string>): string {
  switch (c.kind) {
    case 'field':
      return c.field === 'scannedAt' ? 'Scan time (account time zone)' : c.field === 'value' ? 'Barcode value' : scanToExcelFieldHeaders[c.field];
    case 'question':
      return `Answer: ${questions.get(c.questionId) ?? `question ${c.questionId} (removed)`}`;
    case 'property':
      return `Property: ${c.name}`;
    case 'gps':
      return `GPS ${c.part}`;
  }
}

/** Everything that can be a column: the scan fields, GPS, this service's questions and the properties its scans carry. */
export function columnChoices(questions: readonly { questionId: number; text: string }[], properties: readonly string[]): ColumnChoice[] {
  const fields = scanToExcelFields.map((field): ScanToExcelColumn => ({ kind: 'field', field, header: scanToExcelFieldHeaders[field] }));
  const gps = gpsParts.map((part): ScanToExcelColumn => ({ kind: 'gps', part, header: gpsPartHeaders[part] }));
  const answers = questions.map((q): ScanToExcelColumn => ({ kind: 'question', questionId: q.questionId, header: q.text.slice(0, 200) || `Question ${q.questionId}` }));
  // gps_location is offered as the two GPS columns.
  const props = properties.filter((p) => p !== 'gps_location').map((name): ScanToExcelColumn => ({ kind: 'property', name, header: name.slice(0, 200) }));
  const names = new Map(questions.map((q) => [q.questionId, q.text]));
  return [...fields, ...gps, ...answers, ...props].map((column) => ({ key: columnKey(column), label: columnSource(column, names), column }));
}

/** The list with the column at `index` moved by `by` places (kept inside the list). */
export function moveColumn<T>(list: readonly T[], index: number, by: number): T[] {
  const to = Math.max(0, Math.min(list.length - 1, index + by));
  if (to === index || index < 0 || index >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item!);
  return next;
}

/** The columns checked with the contract's schema: the settings to save, or the problems by column index ("columns.2.header"). */
export function checkColumns(columns: ScanToExcelColumn[], dateFormat: string): { settings: { columns: ScanToExcelColumn[]; dateFormat: string } | null; issues: Record<string, string> } {
  const parsed = scanToExcelSettings.safeParse({ columns, dateFormat });
  if (parsed.success) return { settings: parsed.data, issues: {} };
  return { settings: null, issues: Object.fromEntries(parsed.error.issues.map((i) => [i.path.map(String).join('.'), i.message])) };
}
