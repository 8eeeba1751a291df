import { dateFormatPresets, type ExportColumn } from '@scanbase/contracts/scan-data';
import { describe, expect, it } from 'vitest';
import { columnKey, columnOptions, columnSource, formatChoices, formatExample, moveItem, newTemplateForm, propertyColumn, remainingOptions, sampleCell, templateFormSchema, templateIssuePath, templateToForm } from './template-form';

const choices = {
  fields: [
    { field: 'value' as const, header: 'Barcode' },
    { field: 'scannedAt' as const, header: 'Scanned at' },
  ],
  questions: [{ questionId: 12, text: 'Gate' }],
  properties: ['gps_location'],
};

const at = new Date('2026-03-14T08:26:53.000Z');
const text = (pattern: string, zone: string) => {
  const example = formatExample(pattern, at, zone);
  return 'text' in example ? example.text : `problem: ${example.problem}`;
};

describe('export templates: columns', () => {
  it('offers fields with the server’s headers, questions by text and properties by name', () => {
    const options = columnOptions(choices);
    expect(options.map((o) => o.key)).toEqual(['field:value', 'field:scannedAt', 'question:12', 'property:gps_location']);
    expect(options[2]?.column).toEqual({ kind: 'question', questionId: 12, header: 'Gate' });
  });

  it('leaves out what is already chosen, whatever its header', () => {
    const chosen: ExportColumn[] = [{ kind: 'field', field: 'value', header: 'Code' }];
    expect(remainingOptions(columnOptions(choices), chosen).map((o) => o.key)).toEqual(['field:scannedAt', 'question:12', 'property:gps_location']);
    expect(columnKey({ kind: 'property', name: 'gate', header: 'G' })).toBe('property:gate');
  });

  it('adds a property by name once', () => {
    expect(propertyColumn('  batch ', [])).toEqual({ kind: 'property', name: 'batch', header: 'batch' });
    expect(propertyColumn('batch', [{ kind: 'property', name: 'batch', header: 'Batch' }])).toBeNull();
    expect(propertyColumn('   ', [])).toBeNull();
  });

  it('says what a chosen column is, also when its question is no longer offered', () => {
    const options = columnOptions(choices);
    expect(columnSource({ kind: 'field', field: 'value', header: 'Code' }, options)).toBe('Scan field: Barcode');
    expect(columnSource({ kind: 'question', questionId: 99, header: 'Old' }, options)).toBe('Question: #99 (not among the chosen services’ questions)');
  });

  it('moves a column up and down', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
  });
});

describe('export templates: date formats', () => {
  it('writes every preset in the chosen time zone', () => {
    expect(dateFormatPresets.map((p) => text(p, 'Europe/Paris'))).toEqual(['2026-03-14T09:26:53+01:00', '2026-03-14 09:26:53', '03/14/2026 09:26:53 AM', '14/03/2026 09:26:53', '14.03.2026 09:26', '2026-03-14']);
    expect(text("yyyy-MM-dd'T'HH:mm:ssXXX", 'UTC')).toBe('2026-03-14T08:26:53Z');
    expect(text('HH:mm xxx', 'Asia/Kolkata')).toBe('13:56 +05:30');
    expect(text("HH:mm 'GMT' O", 'America/New_York')).toBe('04:26 GMT GMT-4');
  });

  it('explains patterns date-fns refuses', () => {
    expect(text('YYYY-MM-dd', 'UTC')).toBe('problem: Use yyyy for the year (Y is the week-numbering year)');
    expect(text('yyyy nope', 'UTC')).toBe('problem: "n" is not a date letter here; put other text in single quotes, like \'at\'');
    expect(text("dd/MM/yyyy 'at' HH", 'UTC')).toBe('14/03/2026 at 08');
    expect(text(' ', 'UTC')).toBe('problem: Choose or type a date format');
  });

  it('keeps a template’s own pattern among the choices', () => {
    expect(formatChoices('yyyy-MM-dd')).toEqual([...dateFormatPresets]);
    expect(formatChoices('dd MMM yyyy')).toEqual([...dateFormatPresets, 'dd MMM yyyy']);
  });
});

describe('export templates: the form', () => {
  it('checks name, columns, headers and the date format', () => {
    const empty = templateFormSchema.safeParse(newTemplateForm());
    expect(Object.fromEntries((empty.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))).toEqual({ name: 'Name the template', columns: 'Choose at least one column' });
    const bad = templateFormSchema.safeParse({ ...newTemplateForm(), name: 'Daily', columns: [{ kind: 'field', field: 'value', header: ' ' }], dateFormat: 'YYYY' });
    expect(Object.fromEntries((bad.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))).toEqual({ 'columns.0.header': 'Give the column a header', dateFormat: 'Use yyyy for the year (Y is the week-numbering year)' });
  });

  it('loads a stored template', () => {
    const form = templateToForm({ id: 4, name: 'Daily', columns: [{ kind: 'question', questionId: 12, header: 'Gate' }], dateFormat: 'yyyy-MM-dd', timeZone: 'account', rowPer: 'answer', createdAt: '', updatedAt: '' });
    expect(form).toEqual({ name: 'Daily', columns: [{ kind: 'question', questionId: 12, header: 'Gate' }], dateFormat: 'yyyy-MM-dd', timeZone: 'account', rowPer: 'answer' });
  });

  it('puts server issues on the field or on the column they name', () => {
    expect(templateIssuePath('name', 2)).toBe('name');
    expect(templateIssuePath('columns.1.questionId', 2)).toBe('columns.1.header');
    expect(templateIssuePath('columns.5', 2)).toBeNull();
    expect(templateIssuePath('', 2)).toBeNull();
  });

  it('fills the preview’s example line', () => {
    expect(sampleCell({ kind: 'field', field: 'scannedAt', header: 'At' }, '14/03/2026')).toBe('14/03/2026');
    expect(sampleCell({ kind: 'field', field: 'status', header: 'S' }, '')).toBe('Valid');
    expect(sampleCell({ kind: 'question', questionId: 1, header: 'Q' }, '')).toBe('an answer');
  });
});
