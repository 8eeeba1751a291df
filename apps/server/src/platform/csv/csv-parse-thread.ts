import type { Options } from 'csv-parse';
import { startModuleWorker } from '../workers/module-worker.js';

/** A message to the parser's thread: the next bytes of the file, or its end. */
export type ParseRequest = { kind: 'chunk'; bytes: Uint8Array } | { kind: 'end' };
/** A message from it: records (completing `chunks` chunks sent), the end of the file, or why it could not be read. */
export type ParseReply = { kind: 'rows'; rows: string[][]; chunks: number } | { kind: 'end' } | { kind: 'error'; message: string; csv: boolean };

/** A CSV syntax error found by the parser's thread (csv-parse's `CsvError` does not cross threads). */
export class CsvParseError extends Error {}

// Chunks sent and not parsed yet, and batches of records parsed and not taken yet: the bounds of what the
// two threads hold between them (a few hundred KB of file), so a large upload is never read ahead whole.
const CHUNKS_IN_FLIGHT = 2;
const BATCHES_WAITING = 4;

/** A stream chunk as bytes (object streams may hand strings). */
export function bytesOf(chunk: unknown): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
}

/**
 * The records of a CSV file, in arrays, parsed by csv-parse on a thread of its own while the caller checks and
 * stores the records before them (parsing is about a quarter of a large import's time). `head` holds the chunks
 * already read; `rest` yields the others. Stopping early (a preview, a bad row) ends the thread.
 */
export async function* csvRecordsOffThread(head: Buffer[], rest: AsyncIterator<unknown>, options: Options): AsyncGenerator<string[][]> {
  const worker = startModuleWorker(import.meta.url, 'csv-parse-worker', { workerData: { options } });
  const batches: string[][][] = [];
  const state: { inFlight: number; ended: boolean; stopped: boolean; failure: Error | undefined } = { inFlight: 0, ended: false, stopped: false, failure: undefined };
  // Both the sender and the reader below wait for the other thread; any change wakes both.
  let waiting: (() => void)[] = [];
  const changed = () => {
    const wake = waiting;
    waiting = [];
    for (const w of wake) w();
  };
  const change = () => new Promise<void>((resolve) => waiting.push(resolve));
  const fail = (error: Error) => {
    state.failure ??= error;
    changed();
  };

  worker.on('message', (m: ParseReply) => {
    if (m.kind === 'rows') {
      if (m.rows.length > 0) batches.push(m.rows);
      state.inFlight -= m.chunks;
    } else if (m.kind === 'end') state.ended = true;
    else state.failure ??= m.csv ? new CsvParseError(m.message) : new Error(m.message);
    changed();
  });
  worker.on('error', fail);
  worker.on('exit', () => {
    if (!state.ended && !state.stopped) fail(new Error('The CSV reader stopped before the end of the file.'));
  });

  const send = (chunk: Buffer) => {
    // A copy of exactly these bytes (a stream's chunk may be a view into a larger shared buffer), moved, not cloned.
    const bytes = new Uint8Array(chunk);
    worker.postMessage({ kind: 'chunk', bytes } satisfies ParseRequest, [bytes.buffer]);
    state.inFlight += 1;
  };
  const pump = async () => {
    // Taken out of `head`, so that the first megabyte is not held for the whole import.
    for (const chunk of head.splice(0)) send(chunk);
    for (;;) {
      while (!state.stopped && state.failure === undefined && (state.inFlight >= CHUNKS_IN_FLIGHT || batches.length >= BATCHES_WAITING)) await change();
      if (state.stopped || state.failure !== undefined) return;
      const next = await rest.next();
      if (state.stopped) return;
      if (next.done === true) {
        worker.postMessage({ kind: 'end' } satisfies ParseRequest);
        return;
      }
      send(bytesOf(next.value));
    }
  };
  const pumping = pump().catch((error: unknown) => fail(error instanceof Error ? error : new Error(String(error))));

  try {
    for (;;) {
      const batch = batches.shift();
      if (batch) {
        changed();
        yield batch;
        continue;
      }
      if (state.failure) throw state.failure;
      if (state.ended) return;
      await change();
    }
  } finally {
    state.stopped = true;
    changed();
    await worker.terminate();
    // A sender waiting for the next chunk ends when the caller destroys the stream (it must not be awaited here).
    void pumping;
  }
}
