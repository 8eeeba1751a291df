import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { repoRoot } from './env.js';

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** An SMTP server on loopback that writes every message it receives as JSON into `mailDir`. */
export async function startMailCatcher(mailDir: string): Promise<{ url: string; close: () => Promise<void> }> {
  mkdirSync(mailDir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        writeFileSync(join(mailDir, `${Date.now()}-${count}.json`), JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }));
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export type ServerEnv = Record<string, string>;

/** Starts `node apps/server/dist/main.js` and waits until it answers. */
export async function startScanbase(env: ServerEnv): Promise<{ url: string; process: ChildProcess; stop: () => Promise<void> }> {
  const url = `http://127.0.0.1:${env.PORT}`;
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The Scanbase server exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/signin`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`The Scanbase server did not answer within 30 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    process: child,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** Base environment of a test server: temp data, quiet logs, mail to the catcher, map tiles on loopback (tests answer them). */
export function serverEnv(port: number, dataDir: string, smtpUrl: string, extra: ServerEnv = {}): ServerEnv {
  mkdirSync(dataDir, { recursive: true });
  return {
    PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SMTP_URL: smtpUrl, PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn',
    MAP_TILE_URL: `http://127.0.0.1:${port}/test-tiles/{z}/{x}/{y}.png`, ...extra,
  };
}
