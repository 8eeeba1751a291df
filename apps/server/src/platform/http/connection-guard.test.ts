import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { clientKey } from './connection-guard.js';

/**
 * Connection limits on a real port: every test speaks raw HTTP/1.1 over node:net and waits for the
 * server to close the socket. Each test connects from its own loopback address (127.0.0.x), so the
 * per-IP cap of one test never counts another test's connections.
 */

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({
    HEADERS_TIMEOUT_SECONDS: '0.3',
    REQUEST_TIMEOUT_SECONDS: '0.6',
    // Long, so that a close seen here is the deadline under test, never the idle or keep-alive timer.
    IDLE_TIMEOUT_SECONDS: '60',
    KEEP_ALIVE_TIMEOUT_SECONDS: '60',
    CONNECTIONS_PER_IP: '4',
    BODY_LIMIT_BYTES: '4096',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

type Conn = {
  socket: net.Socket;
  /** Everything the server sent so far. */
  text(): string;
  /** Resolves with everything the server sent once the socket is closed (a reset after the reply counts as closed). */
  closed: Promise<string>;
};

async function connect(from: string): Promise<Conn> {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  const text = () => Buffer.concat(chunks).toString('latin1');
  const closed = new Promise<string>((resolve) => {
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(text()));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, text, closed };
}

/** Resolves once the server's reply so far contains `needle` (`times` times). */
function received(conn: Conn, needle: string, times = 1): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (conn.text().split(needle).length > times) {
        conn.socket.off('data', check);
        resolve(conn.text());
      }
    };
    conn.socket.on('data', check);
    conn.socket.once('close', () => reject(new Error(`closed before "${needle}" arrived; got: ${conn.text().slice(0, 200)}`)));
    check();
  });
}

const statusLines = (text: string) => text.match(/HTTP\/1\.1 \d{3}/g) ?? [];

describe('connection limits', () => {
  it('closes a connection whose headers never finish (408)', async () => {
    const c = await connect('127.0.0.2');
    c.socket.write('GET /healthz HTTP/1.1\r\nHost: scanbase.test\r\nX-Slow: ');
    expect(statusLines(await c.closed)).toEqual(['HTTP/1.1 408']);
  });

  it('closes a connection that sends nothing at all', async () => {
    const c = await connect('127.0.0.2');
    await c.closed;
    expect(c.socket.destroyed).toBe(true);
  });

  it('closes a connection whose body is trickled past the request deadline (408)', async () => {
    const c = await connect('127.0.0.3');
    c.socket.write('POST /api-v2/auth/signin/ HTTP/1.1\r\nHost: scanbase.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":"');
    // The attack itself: one byte at a time, often enough that the connection is never idle.
    const trickle = setInterval(() => c.socket.write('a'), 20);
    const text = await c.closed.finally(() => clearInterval(trickle));
    expect(statusLines(text)).toEqual(['HTTP/1.1 408']);
  });

  it('closes half-closed connections: idle, mid-headers and mid-body', async () => {
    const idle = await connect('127.0.0.4');
    idle.socket.end();
    const midHeaders = await connect('127.0.0.4');
    midHeaders.socket.end('GET /healthz HTTP/1.1\r\nHost: scanbase.test\r\n');
    const midBody = await connect('127.0.0.4');
    midBody.socket.end('POST /api-v2/auth/signin/ HTTP/1.1\r\nHost: scanbase.test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":');
    const [idleText, headersText, bodyText] = await Promise.all([idle.closed, midHeaders.closed, midBody.closed]);
    expect(idleText).toBe('');
    // A request cut short is a client error; no handler ever runs.
    expect(statusLines(headersText)).toEqual(['HTTP/1.1 400']);
    expect(statusLines(bodyText)).toEqual(['HTTP/1.1 400']);
  });

  it('answers a multipart of 3,000 fields with 413 and Connection: close, then closes (the pipelined request is not left hanging)', async () => {
    const boundary = 'sb-guard';
    const fields = Array.from({ length: 3000 }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n${'x'.repeat(40)}\r\n`).join('');
    const body = `${fields}--${boundary}--\r\n`;
    const c = await connect('127.0.0.5');
    c.socket.write(`POST /api-v2/auth/signin/ HTTP/1.1\r\nHost: scanbase.test\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    c.socket.write('GET /healthz HTTP/1.1\r\nHost: scanbase.test\r\n\r\n');
    const text = await c.closed;
    expect(statusLines(text)).toEqual(['HTTP/1.1 413']);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    expect(text).toContain('PAYLOAD_TOO_LARGE');
  });

  it('closes a legacy connection after refusing an oversize body, although the XML reply is a 200', async () => {
    const c = await connect('127.0.0.6');
    c.socket.write('POST /api/ HTTP/1.1\r\nHost: scanbase.test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\nsection=barcode&action=generate&value=');
    const text = await received(c, '</xml>');
    expect(statusLines(text)).toEqual(['HTTP/1.1 200']);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    expect(text).toContain('code="105"');
    // The rest of the body never comes; the server does not wait for it.
    await c.closed;
  });

  it('keeps an ordinary keep-alive connection open between requests', async () => {
    const c = await connect('127.0.0.7');
    c.socket.write('GET /healthz HTTP/1.1\r\nHost: scanbase.test\r\n\r\n');
    await received(c, '"ok":true');
    c.socket.write('GET /healthz HTTP/1.1\r\nHost: scanbase.test\r\n\r\n');
    const text = await received(c, '"ok":true', 2);
    expect(statusLines(text)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200']);
    expect(text).not.toMatch(/connection: close/i);
    c.socket.end();
    await c.closed;
  });

  it('closes connections over CONNECTIONS_PER_IP at once, and admits new ones when a slot frees', async () => {
    const from = '127.0.0.8';
    const held: Conn[] = [];
    for (let i = 0; i < 4; i++) {
      const c = await connect(from);
      c.socket.write('GET /healthz HTTP/1.1\r\nHost: scanbase.test\r\n\r\n');
      await received(c, '"ok":true');
      held.push(c);
    }
    const extra = await connect(from);
    expect(await extra.closed).toBe('');

    // Another address is not affected.
    const other = await connect('127.0.0.9');
    other.socket.write('GET /healthz HTTP/1.1\r\nHost: scanbase.test\r\nConnection: close\r\n\r\n');
    expect(statusLines(await other.closed)).toEqual(['HTTP/1.1 200']);

    // The server closes one of the four (it counts the slot free before the client sees the close).
    const first = held[0] as Conn;
    first.socket.write('GET /healthz HTTP/1.1\r\nHost: scanbase.test\r\nConnection: close\r\n\r\n');
    await first.closed;
    const next = await connect(from);
    next.socket.write('GET /healthz HTTP/1.1\r\nHost: scanbase.test\r\nConnection: close\r\n\r\n');
    expect(statusLines(await next.closed)).toEqual(['HTTP/1.1 200']);

    for (const c of held.slice(1)) c.socket.end();
    await Promise.all(held.map((c) => c.closed));
  });

  it('counts IPv4-mapped addresses as IPv4 and IPv6 clients by their /64', () => {
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe(clientKey('2001:db8:1:2::9'));
    expect(clientKey('2001:db8:1:2::9')).not.toBe(clientKey('2001:db8:1:3::9'));
  });

  it('reads its settings from the environment, with the cap off behind a trusted proxy unless set', () => {
    expect(loadConfig({}).http).toEqual({ headersTimeoutMs: 20_000, requestTimeoutMs: 120_000, idleTimeoutMs: 60_000, keepAliveTimeoutMs: 72_000, connectionsPerIp: 64 });
    expect(loadConfig({ TRUST_PROXY: 'true' }).http.connectionsPerIp).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true', CONNECTIONS_PER_IP: '200' }).http.connectionsPerIp).toBe(200);
    expect(loadConfig({ CONNECTIONS_PER_IP: '' }).http.connectionsPerIp).toBe(64);
    expect(loadConfig({ HEADERS_TIMEOUT_SECONDS: '0.5', REQUEST_TIMEOUT_SECONDS: '1.25' }).http).toMatchObject({ headersTimeoutMs: 500, requestTimeoutMs: 1250 });
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: '30', REQUEST_TIMEOUT_SECONDS: '10' })).toThrow(ConfigError);
    expect(() => loadConfig({ IDLE_TIMEOUT_SECONDS: '0' })).toThrow(/IDLE_TIMEOUT_SECONDS/);
  });
});
