import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxStream } from './xlsx-stream.js';

async function* batches<T>(...lists: T[][]): AsyncGenerator<T[]> {
  for (const list of lists) yield list;
}

async function read(file: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  return workbook;
}

describe('streamed XLSX', () => {
  it('writes text cells (formulas stay text), numbers, escapes XML and drops characters XML forbids', async () => {
    const file = await buffer(xlsxStream('Scans', ['ID', 'Text', 'More'], batches([[1, '=SUM(A1:A9)', ' <b>&amp;</b> '], [2, 'bell\u0007 tab\t', '']], [[3, 'x'.repeat(40_000), 'é 日本']])));
    const sheet = (await read(file)).getWorksheet('Scans')!;
    expect(sheet.rowCount).toBe(4);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['ID', 'Text', 'More']);
    expect(sheet.getRow(2).getCell(1).value).toBe(1);
    expect(sheet.getRow(2).getCell(2).value).toBe('=SUM(A1:A9)');
    expect(sheet.getRow(2).getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(2).getCell(3).value).toBe(' <b>&amp;</b> ');
    expect(sheet.getRow(3).getCell(2).value).toBe('bell tab\t');
    expect(sheet.getRow(3).getCell(3).value).toBe(null);
    expect((sheet.getRow(4).getCell(2).value as string).length).toBe(32_767);
    expect(sheet.getRow(4).getCell(3).value).toBe('é 日本');
  });

  it('goes on to a next sheet, header repeated, when one is full', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => [i + 1, `row ${i + 1}`]);
    const workbook = await read(await buffer(xlsxStream('Scans', ['ID', 'Name'], batches(rows.slice(0, 4), rows.slice(4)), { maxRows: 3 })));
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Scans', 'Scans 2', 'Scans 3', 'Scans 4']);
    expect(workbook.worksheets.map((w) => w.getSheetValues().slice(1).map((r) => (r as unknown[])[1]))).toEqual([['ID', 1, 2], ['ID', 3, 4], ['ID', 5, 6], ['ID', 7]]);
  });

  it('fails the stream when the rows fail', async () => {
    async function* broken(): AsyncGenerator<(string | number)[][]> {
      yield [[1, 'a']];
      throw new Error('database went away');
    }
    await expect(buffer(xlsxStream('Scans', ['ID', 'Name'], broken()))).rejects.toThrow('database went away');
  });
});
