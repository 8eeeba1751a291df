import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CodedError } from '../../platform/http/legacy/legacy-bridge.js';
import { CSV_OFF_THREAD_FROM, csvRows } from './databases.import.js';

/** A CSV past the off-thread size, with a BOM, quoted commas, quotes, line breaks in cells and multi-byte characters. */
function trickyCsv(rows: number): string {
  const lines = ['\uFEFFvalue,response,validity'];
  for (let i = 0; i < rows; i++) {
    const response = i % 7 === 0 ? `"Row ${i}, ""quoted""\nsecond line"` : i % 5 === 0 ? `Zoë 🎟 ${i}` : `Seat ${i % 500}`;
    lines.push(`TICKET-${String(i).padStart(8, '0')},${response},${i % 3 === 0 ? '0' : '1'}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The file as a stream of odd-sized chunks (cutting through quoted cells and multi-byte characters). */
function chunked(text: string, size = 7_919): Readable {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return Readable.from(chunks);
}

async function all(stream: Readable): Promise<string[][]> {
  const out: string[][] = [];
  for await (const batch of csvRows(stream)) out.push(...batch);
  return out;
}

async function failure(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => undefined,
    (e: unknown) => e,
  );
}

const syncOptions = { bom: true, relax_column_count: true, skip_empty_lines: true };

describe('csvRows of a large file (parsed on its own thread)', () => {
  const text = trickyCsv(100_000);

  it('reads exactly the records csv-parse reads from the whole file', async () => {
    expect(Buffer.byteLength(text)).toBeGreaterThan(2 * CSV_OFF_THREAD_FROM);
    const records = await all(chunked(text));
    expect(records).toEqual(parse(text, syncOptions));
    expect(records[1]).toEqual(['TICKET-00000000', 'Row 0, "quoted"\nsecond line', '0']);
    expect(records[6]).toEqual(['TICKET-00000005', 'Zoë 🎟 5', '1']);
  });

  it('hands over every record before a bad line, then the same error as for a small file (1019)', async () => {
    const bad = `${text}TICKET-LAST,"never closed\r\n`;
    const seen: string[][] = [];
    const error = await failure(
      (async () => {
        for await (const batch of csvRows(chunked(bad))) seen.push(...batch);
      })(),
    );
    expect(error).toBeInstanceOf(CodedError);
    expect((error as CodedError).legacyCode).toBe(1019);
    let expected = '';
    try {
      parse(bad, syncOptions);
    } catch (e) {
      expected = (e as Error).message;
    }
    expect((error as Error).message).toBe(`The CSV file could not be read: ${expected}`);
    expect(seen).toHaveLength(100_001);
  });

  it('passes on the error of the stream it reads (an upload cut off past its size limit)', async () => {
    const bytes = Buffer.from(text);
    const broken = new Readable({
      read() {
        this.push(bytes.subarray(0, 3 * (1 << 19)));
        this.destroy(new Error('file too large'));
      },
    });
    expect(((await failure(all(broken))) as Error).message).toBe('file too large');
  });

  it('stops reading and parsing when the caller stops early (a preview)', async () => {
    let reads = 0;
    const bytes = Buffer.from(text);
    const counted = Readable.from(
      (function* () {
        for (let at = 0; at < bytes.length; at += 65_536) {
          reads += 1;
          yield bytes.subarray(at, at + 65_536);
        }
      })(),
    );
    const rows: string[][] = [];
    for await (const batch of csvRows(counted)) {
      rows.push(...batch);
      break;
    }
    expect(rows[0]).toEqual(['value', 'response', 'validity']);
    expect(counted.destroyed).toBe(true);
    // The file is about 3.3 MB (50 chunks): only the first megabyte and the few chunks in flight were read.
    expect(reads).toBeLessThan(30);
  });

  it('reads a small file in this thread, the same way', async () => {
    const small = trickyCsv(100);
    expect(await all(chunked(small, 13))).toEqual(parse(small, syncOptions));
  });
});
