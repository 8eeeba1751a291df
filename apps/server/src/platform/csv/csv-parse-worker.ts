import { parentPort, workerData } from 'node:worker_threads';
import { CsvError, parse, type Options } from 'csv-parse';
import type { ParseReply, ParseRequest } from './csv-parse-thread.js';

// The CSV parser's thread (`csv-parse-thread.ts`): the bytes of a large file arrive in chunks, and the records of
// each chunk go back in one message, so the import's thread spends its time on checking and storing rows.

const port = parentPort;
if (!port) throw new Error('csv-parse-worker runs as a worker thread');
const post = (reply: ParseReply) => port.postMessage(reply);

let records: string[][] = [];
const parser = parse((workerData as { options: Options }).options);
parser.on('data', (record: string[]) => records.push(record));
/** Sends the records parsed so far (`chunks`: how many chunks they complete). */
const flush = (chunks: number) => {
  const rows = records;
  records = [];
  post({ kind: 'rows', rows, chunks });
};
// The records before a bad line go first, as an in-process parser would have handed them over.
parser.on('error', (error: Error) => {
  flush(0);
  post({ kind: 'error', message: error.message, csv: error instanceof CsvError });
});
parser.on('end', () => {
  flush(0);
  post({ kind: 'end' });
});

port.on('message', (m: ParseRequest) => {
  if (m.kind === 'end') {
    parser.end();
    return;
  }
  // The callback runs once the chunk is parsed: its records are all in `records` then.
  parser.write(Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength), (error) => {
    if (!error) flush(1);
  });
});
