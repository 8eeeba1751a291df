#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL cluster on 127.0.0.1, then removes the cluster.
// Usage: node scripts/with-postgres.mjs <command> [args...]
// - DATABASE_URL already set to postgres://…: the command runs against it, nothing is started.
// - PostgreSQL binaries found (Debian: /usr/lib/postgresql/<v>/bin): a cluster is created in a temp dir.
// - None found: the run is skipped with a message, or fails when REQUIRE_POSTGRES=1 (CI sets it).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}

function run(cmd, args, env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function findBinDir() {
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    const versions = fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(root, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  return which.status === 0 ? path.dirname(which.stdout.trim()) : undefined;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

if (process.env.DATABASE_URL?.startsWith('postgres')) {
  process.exit(await run(command[0], command.slice(1), {}));
}

const binDir = findBinDir();
if (!binDir) {
  const message = 'PostgreSQL was not found (install the postgresql package); the PostgreSQL run of the suite is skipped.';
  if (process.env.REQUIRE_POSTGRES === '1') {
    console.error(`${message} REQUIRE_POSTGRES=1, so this is a failure.`);
    process.exit(1);
  }
  console.warn(message);
  process.exit(0);
}

const asRoot = process.getuid?.() === 0;
const runAs = asRoot ? ['runuser', '-u', 'postgres', '--'] : [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-pg-'));
const dataDir = path.join(dir, 'data');
const sockDir = path.join(dir, 'sock');
fs.mkdirSync(sockDir);
if (asRoot) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
const port = await freePort();

function pgTool(tool, args) {
  const [cmd, ...rest] = [...runAs, path.join(binDir, tool), ...args];
  const r = spawnSync(cmd, rest, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${tool} failed: ${r.stderr || r.stdout}`);
}

let code;
try {
  pgTool('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  // A throwaway cluster: durability settings off for speed.
  const opts = `-p ${port} -k ${sockDir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  pgTool('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-w', '-o', opts, 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.log(`PostgreSQL ${path.basename(path.dirname(binDir))} started on 127.0.0.1:${port} (throwaway cluster)`);
  code = await run(command[0], command.slice(1), { DATABASE_URL: url });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  code = 1;
} finally {
  try {
    pgTool('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
  } catch {
    // already stopped
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
