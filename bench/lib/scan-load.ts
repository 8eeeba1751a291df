import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import { v7 as uuidv7 } from 'uuid';

// Scan requests at full speed with autocannon: in this process, or in a process of its own (forked
// from this file) so that the load generator's work stays out of the server's process, as the
// baselines (`../shared/reference/baselines.md`) measured it.

/**
 * What to send: `app/scan` bodies with a fresh client scan id and a random ticket each time. Client ids are UUIDs of
 * version 7 (time first), as Scanbase's scanner makes them, unless `randomIds` asks for version 4 (random),
 * as other clients of the API may send.
 */
export type ScanLoad = { url: string; headers: Record<string, string>; serviceId: number; tickets: number; connections: number; seconds: number; randomIds?: boolean };
export type LoadResult = { rps: number; non2xx: number; errors: number };

const ticket = (tickets: number) => `TICKET-${String(1 + Math.floor(Math.random() * tickets)).padStart(8, '0')}`;

/** Requests/s of scan bodies against `url`, generated in this process. */
export async function scanRate(load: ScanLoad): Promise<LoadResult> {
  if (new URL(load.url).hostname !== '127.0.0.1') throw new Error('benchmarks only target 127.0.0.1');
  const body = () => JSON.stringify({ serviceId: load.serviceId, value: ticket(load.tickets), clientScanId: load.randomIds === true ? randomUUID() : uuidv7(), properties: { capture_type: 'camera' } });
  const result = await autocannon({
    url: load.url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...load.headers },
    connections: load.connections,
    duration: load.seconds,
    requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, body: body() }) }],
  });
  return { rps: result.requests.average, non2xx: result.non2xx, errors: result.errors };
}

/** `scanRate` with the load generator in a child process of its own. */
export async function scanRateInChild(load: ScanLoad): Promise<LoadResult> {
  const child = fork(path.join(import.meta.dirname, 'scan-load.ts'), ['child'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise<LoadResult>((resolve, reject) => {
    child.once('message', (m) => resolve(m as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the load process exited with ${String(code)} before answering`)));
    child.send(load);
  });
}

if (process.argv[2] === 'child') {
  process.once('message', (load: ScanLoad) => {
    scanRate(load).then(
      (result) => process.send!(result, () => process.exit(0)),
      (error: unknown) => {
        process.stderr.write(`scan load failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
        process.exit(1);
      },
    );
  });
}
