import { once } from 'node:events';
import { createRequire } from 'node:module';
import { PassThrough, type Readable } from 'node:stream';
import type { Archiver, ArchiverOptions } from 'archiver';

// archiver 7 exports a factory; the installed typings describe version 8's classes, hence the cast.
const archiver = createRequire(import.meta.url)('archiver') as (format: 'zip', options: ArchiverOptions) => Archiver;

// A streaming XLSX writer for large exports. exceljs' streaming writer builds an object per row and
// per cell and ignores backpressure inside its zip, so a million-row export took minutes and its memory
// grew with the file. This one writes the sheet XML as text straight into archiver, which pulls only
// as fast as it compresses. Every string is an inline text cell, which spreadsheets never run as a
// formula; numbers are number cells.

export type XlsxCell = string | number;

/** Rows one sheet may hold (Excel's limit, header included); longer exports go on to a next sheet. */
export const XLSX_MAX_ROWS = 1_048_576;
/** Characters one cell may hold in Excel; longer text is cut there (Excel would call the file damaged). */
const MAX_CELL_CHARS = 32_767;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const STYLES =
  `${DECL}<styleSheet xmlns="${MAIN}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>` +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

// Characters XML 1.0 forbids are dropped; the rest of the escaping only runs on cells that need it.
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function escapeText(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(FORBIDDEN, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttr(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}

/** `A`, `B`, …, `Z`, `AA`, … */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** One `<row>` element. */
function rowXml(cells: readonly XlsxCell[], row: number, columns: string[]): string {
  let xml = `<row r="${row}">`;
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i];
    if (typeof v === 'number') {
      if (Number.isFinite(v)) xml += `<c r="${columns[i] ?? columnName(i)}${row}"><v>${v}</v></c>`;
      continue;
    }
    if (v === undefined || v === '') continue;
    const text = v.length > MAX_CELL_CHARS ? v.slice(0, MAX_CELL_CHARS) : v;
    // Leading or trailing spaces are kept only when the element says so.
    const space = text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32 ? ' xml:space="preserve"' : '';
    xml += `<c r="${columns[i] ?? columnName(i)}${row}" t="inlineStr"><is><t${space}>${escapeText(text)}</t></is></c>`;
  }
  return `${xml}</row>`;
}

function sheetName(base: string, n: number): string {
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const clean = base.replace(/[:\\/?*[\]]/g, ' ').slice(0, 25) || 'Sheet';
  return n === 1 ? clean : `${clean} ${n}`;
}

function packageParts(sheets: string[]): [string, string][] {
  const sheetList = sheets.map((name, i) => `<sheet name="${escapeAttr(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('');
  const sheetRels = sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('');
  const overrides = sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('');
  return [
    ['xl/workbook.xml', `${DECL}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${sheetList}</sheets></workbook>`],
    ['xl/_rels/workbook.xml.rels', `${DECL}<Relationships xmlns="${PKG_REL}">${sheetRels}<Relationship Id="rId${sheets.length + 1}" Type="${REL}/styles" Target="styles.xml"/></Relationships>`],
    ['xl/styles.xml', STYLES],
    ['_rels/.rels', `${DECL}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
    [
      '[Content_Types].xml',
      `${DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
        `${overrides}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    ],
  ];
}

/**
 * An XLSX file, streamed: a header row, then the rows of each batch. Sheets are named `name`, `name 2`, …
 * (each repeats the header). A failing source fails the stream.
 */
export function xlsxStream(name: string, header: readonly XlsxCell[], batches: AsyncIterable<readonly (readonly XlsxCell[])[]>, options: { maxRows?: number } = {}): Readable {
  const maxRows = options.maxRows ?? XLSX_MAX_ROWS;
  // Fast compression: the file is written once and downloaded once; the time matters more than the last bytes.
  const zip = archiver('zip', { zlib: { level: 1 } });
  const out = new PassThrough();
  let sheet: PassThrough | undefined;
  let finished = false;
  const fail = (error: unknown) => {
    const e = error instanceof Error ? error : new Error(String(error));
    // A producer waiting for the sheet to drain wakes up and stops.
    sheet?.destroy(e);
    out.destroy(e);
    zip.abort();
  };
  zip.on('error', fail);
  // The reader went away (a cancelled run): stop producing.
  out.on('close', () => {
    if (!finished) sheet?.destroy(new Error('The XLSX file was abandoned.'));
  });
  zip.pipe(out);
  const columns = header.map((_, i) => columnName(i));
  void (async () => {
    const sheets: string[] = [];
    let row = 0;
    const open = (): PassThrough => {
      sheets.push(sheetName(name, sheets.length + 1));
      const s = new PassThrough();
      // Its failures reach the reader through `out`; without a listener one would crash the process.
      s.on('error', () => undefined);
      zip.append(s, { name: `xl/worksheets/sheet${sheets.length}.xml` });
      row = 1;
      s.write(`${DECL}<worksheet xmlns="${MAIN}"><sheetData>${rowXml(header, 1, columns)}`);
      return s;
    };
    try {
      sheet = open();
      for await (const batch of batches) {
        let xml = '';
        for (const cells of batch) {
          if (row >= maxRows) {
            if (!sheet.write(xml)) await once(sheet, 'drain');
            xml = '';
            sheet.end('</sheetData></worksheet>');
            sheet = open();
          }
          row += 1;
          xml += rowXml(cells, row, columns);
          // Written in chunks of about 64 KB (short-lived strings are cheap to collect), waiting while
          // archiver still compresses what came before: memory stays flat at any size.
          if (xml.length >= 65_536) {
            if (!sheet.write(xml)) await once(sheet, 'drain');
            xml = '';
          }
        }
        if (xml !== '' && !sheet.write(xml)) await once(sheet, 'drain');
      }
      sheet.end('</sheetData></worksheet>');
      for (const [path, text] of packageParts(sheets)) zip.append(text, { name: path });
      finished = true;
      await zip.finalize();
    } catch (error) {
      fail(error);
    }
  })();
  return out;
}
