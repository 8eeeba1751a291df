import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { TaskContext } from './task-catalogue.js';

/** What a staging file answers once written: its batches in order and the rows read up to each. */
export type StagedBatches = { count: number; rowsUpTo(index: number): number; batches(): AsyncIterable<string>; remove(): Promise<void> };

/** The lines of a byte stream, split at `\n` (a byte that never occurs inside a UTF-8 character). */
async function* lines(stream: Readable): AsyncGenerator<string> {
  let rest: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
      rest.push(chunk.subarray(start, nl));
      yield Buffer.concat(rest).toString('utf8');
      rest = [];
      start = nl + 1;
    }
    if (start < chunk.length) rest.push(chunk.subarray(start));
  }
  if (rest.length > 0) throw new Error('The staged import ends in the middle of a batch.');
}

/**
 * Checked batches of an all-or-nothing import, one line each, streamed into the job's storage while
 * the source is read: the writing pass reads them back instead of parsing and checking the source
 * again, and memory stays flat however long the file is.
 */
export function stagingFile(ctx: TaskContext) {
  // 1 MiB of buffer: a 4,000-row batch (~200 KB) goes to storage while the next one is parsed.
  const input = new PassThrough({ highWaterMark: 1 << 20 });
  const stored = ctx.spool(input);
  // Awaited in finish()/discard(); a storage failure while adding rejects add() through the race below.
  stored.catch(() => undefined);
  const rowsAt: number[] = [];
  return {
    /** Keeps one encoded batch (no line breaks) and the number of source rows read up to its end. */
    async add(batch: string, rowsRead: number): Promise<void> {
      rowsAt.push(rowsRead);
      if (!input.write(`${batch}\n`)) await Promise.race([once(input, 'drain'), stored]);
    },
    /** Closes the file and answers its batches. */
    async finish(): Promise<StagedBatches> {
      input.end();
      const copy = await stored;
      return { count: rowsAt.length, rowsUpTo: (i) => rowsAt[i] ?? 0, batches: async function* () {
        yield* lines(await copy.open());
      }, remove: () => copy.remove() };
    },
    /** Removes what was kept (the import will not write it). */
    async discard(): Promise<void> {
      input.end();
      try {
        await (await stored).remove();
      } catch {
        // The storage failed while writing it: nothing usable was kept.
      }
    },
  };
}
