import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable, Transform } from 'node:stream';
import ipaddr from 'ipaddr.js';

/** Thrown when an outbound URL is not allowed (scheme, or an internal address). */
export class OutboundUrlError extends Error {}

// An allow-list: only ordinary public unicast counts as public. Every named special range (private,
// loopback, link-local, reserved, documentation, discard, transition prefixes...) is internal, so a
// range that ipaddr.js adds later is refused rather than let through.
const PUBLIC_RANGE = 'unicast';

/** The NAT64 well-known prefix 64:ff9b::/96 (RFC 6052): the last 32 bits are the IPv4 host reached. */
const NAT64_WELL_KNOWN = ipaddr.IPv6.parse('64:ff9b::');

/** The IPv4 address in the low 32 bits of an IPv6 address. */
function low32(v6: ipaddr.IPv6): ipaddr.IPv4 {
  const p = v6.parts;
  return new ipaddr.IPv4([p[6]! >> 8, p[6]! & 0xff, p[7]! >> 8, p[7]! & 0xff]);
}

/**
 * True when the address is loopback, private, link-local or otherwise not a public internet host.
 * IPv6 forms that carry an IPv4 address are judged by it or refused: `::ffff:a.b.c.d` (mapped) and
 * `64:ff9b::a.b.c.d` (NAT64, which DNS64 networks hand out for IPv4-only hosts) by the embedded
 * IPv4; `::a.b.c.d` (IPv4-compatible, deprecated by RFC 4291, yet Linux routes `::127.0.0.1` to
 * loopback), SIIT `::ffff:0:a.b.c.d`, NAT64 local-use `64:ff9b:1::/48`, 6to4 `2002::/16` and Teredo
 * `2001::/32` always, as no customer URL needs them and their relays are not ours to judge.
 */
export function isInternalAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // IPv6 text is first put in the WHATWG URL parser's canonical hex form: ipaddr.js reads
    // `::a.b.c.d` as `::ffff:a.b.c.d`, while the socket would connect to `::a.b.c.d` itself.
    const text = address.includes(':') ? new URL(`http://[${address}]/`).hostname.slice(1, -1) : address;
    // process() turns ::ffff:a.b.c.d into a.b.c.d, so a mapped address is judged as IPv4.
    parsed = ipaddr.process(text);
  } catch {
    return true;
  }
  if (parsed.kind() === 'ipv4') return parsed.range() !== PUBLIC_RANGE;
  const v6 = parsed as ipaddr.IPv6;
  if (v6.match(NAT64_WELL_KNOWN, 96)) return low32(v6).range() !== PUBLIC_RANGE;
  // ::/96 is "unicast" to ipaddr.js (only :: and ::1 are named), but it is the IPv4-compatible block.
  if (v6.parts.slice(0, 6).every((x) => x === 0)) return true;
  return v6.range() !== PUBLIC_RANGE;
}

const ALLOW_HINT = 'Set ALLOW_PRIVATE_URLS=true to let this install reach internal addresses.';

/** Checks scheme and, unless allowed, that the host is not an internal address (a literal IP is checked at once). */
export function checkOutboundUrl(text: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundUrlError(`"${text}" is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundUrlError('Only http:// and https:// URLs can be used.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost') || (ipaddr.isValid(host) && isInternalAddress(host)))) {
    throw new OutboundUrlError(`${url.hostname} is an internal address. ${ALLOW_HINT}`);
  }
  return url;
}

/** A DNS lookup that refuses internal addresses, so a name cannot be pointed at one after checking. */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses;
      const bad = allowPrivate ? undefined : list.find((a) => isInternalAddress(a.address));
      if (bad) return callback(new OutboundUrlError(`${hostname} resolves to an internal address (${bad.address}). ${ALLOW_HINT}`), '', 0);
      const first = list[0];
      if (!first) return callback(new Error(`${hostname} has no address`), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, first.address, first.family);
    });
  };
}

export type OutboundReply = { status: number; contentType: string; body: Buffer; truncated: boolean };

/** POSTs a form to a customer URL with a timeout, keeping at most `maxBytes` of the reply. */
export async function postForm(urlText: string, fields: [string, string][], options: { allowPrivate: boolean; timeoutMs: number; maxBytes: number }): Promise<OutboundReply> {
  return postBody(urlText, new URLSearchParams(fields).toString(), { 'content-type': 'application/x-www-form-urlencoded' }, options);
}

/** Keep-alive agents for one sender: new connections resolve through the guarded lookup, then are reused. */
export type OutboundAgents = { http: http.Agent; https: https.Agent };

/**
 * Keep-alive agents whose connections are opened through `guardedLookup`, so a reused connection was checked
 * when it was opened (webhooks send many requests to one receiver). At most `maxSockets` per host.
 */
export function guardedAgents(allowPrivate: boolean, maxSockets = 4): OutboundAgents {
  const lookup = guardedLookup(allowPrivate);
  return { http: new http.Agent({ keepAlive: true, maxSockets, lookup }), https: new https.Agent({ keepAlive: true, maxSockets, lookup }) };
}

/** POSTs a body with the given headers to a customer URL (webhooks: JSON with signature headers), keeping at most `maxBytes` of the reply. */
export async function postBody(urlText: string, body: string, headers: Record<string, string>, options: { allowPrivate: boolean; timeoutMs: number; maxBytes: number; agents?: OutboundAgents }): Promise<OutboundReply> {
  const url = checkOutboundUrl(urlText, options.allowPrivate);
  try {
    return await postOnce(url, body, headers, options);
  } catch (error) {
    // A kept-alive connection the receiver closed meanwhile: the request never reached it, so it is sent once more on a new one.
    if (!(error instanceof StaleConnectionError)) throw error;
    return postOnce(url, body, headers, options);
  }
}

/** A reused keep-alive connection failed before any reply. */
class StaleConnectionError extends Error {}

function postOnce(url: URL, body: string, headers: Record<string, string>, options: { allowPrivate: boolean; timeoutMs: number; maxBytes: number; agents?: OutboundAgents }): Promise<OutboundReply> {
  const secure = url.protocol === 'https:';
  const client = secure ? https : http;
  const agent = options.agents ? (secure ? options.agents.https : options.agents.http) : undefined;
  return new Promise((resolve, reject) => {
    let replied = false;
    const req = client.request(
      url,
      { method: 'POST', ...(agent ? { agent } : {}), lookup: guardedLookup(options.allowPrivate), timeout: options.timeoutMs, headers: { 'user-agent': 'Scanbase', ...headers, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        replied = true;
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        res.on('data', (chunk: Buffer) => {
          if (size >= options.maxBytes) {
            truncated = true;
            return;
          }
          const room = options.maxBytes - size;
          chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
          truncated ||= chunk.length > room;
          size += Math.min(chunk.length, room);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks), truncated }));
        res.on('error', reject);
      },
    );
    const deadline = setTimeout(() => req.destroy(new Error(`No reply within ${Math.round(options.timeoutMs / 1000)} s.`)), options.timeoutMs);
    req.on('timeout', () => req.destroy(new Error(`No reply within ${Math.round(options.timeoutMs / 1000)} s.`)));
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (req.reusedSocket && !replied && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) reject(new StaleConnectionError(error.message));
      else reject(error);
    });
    req.on('close', () => clearTimeout(deadline));
    req.end(body);
  });
}

/** GETs a customer URL as a stream (URL imports), refusing internal addresses unless allowed; at most `maxBytes`. */
export async function getStream(urlText: string, options: { allowPrivate: boolean; timeoutMs: number; maxBytes: number }): Promise<Readable> {
  const url = checkOutboundUrl(urlText, options.allowPrivate);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, { lookup: guardedLookup(options.allowPrivate), timeout: options.timeoutMs, headers: { 'user-agent': 'Scanbase' } }, (res) => {
      if ((res.statusCode ?? 0) >= 400) {
        res.resume();
        reject(new OutboundUrlError(`${url.hostname} answered HTTP ${res.statusCode ?? 0}.`));
        return;
      }
      // A pass-through that counts bytes: nothing flows until the caller reads it, so no data is lost.
      let size = 0;
      const limited = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > options.maxBytes) callback(new OutboundUrlError(`The file is larger than ${Math.round(options.maxBytes / 1_048_576)} MB.`));
          else callback(null, chunk);
        },
      });
      res.on('error', (err) => limited.destroy(err));
      limited.on('close', () => res.destroy());
      resolve(res.pipe(limited));
    });
    req.on('timeout', () => req.destroy(new Error(`No answer within ${Math.round(options.timeoutMs / 1000)} s.`)));
    req.on('error', reject);
  });
}

/**
 * A `fetch` for libraries that take one (openid-client's customFetch), going through the same guard: the URL's
 * scheme and host are checked, and the DNS lookup refuses internal addresses unless allowed. Redirects are not
 * followed; at most `maxBytes` of a reply are read.
 */
export function guardedFetch(options: { allowPrivate: boolean; timeoutMs: number; maxBytes: number }) {
  return async (input: string | URL, init: { method?: string; headers?: ConstructorParameters<typeof Headers>[0]; body?: unknown; signal?: AbortSignal | null } = {}): Promise<Response> => {
    const url = checkOutboundUrl(String(input), options.allowPrivate);
    const client = url.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = { 'user-agent': 'Scanbase' };
    new Headers(init.headers).forEach((value, key) => (headers[key] = value));
    // A stream is piped as it is read (large uploads in flat memory); the caller sets content-length.
    const stream = init.body instanceof Readable ? init.body : undefined;
    const body = init.body === undefined || init.body === null || stream ? undefined : Buffer.from(init.body instanceof URLSearchParams ? init.body.toString() : typeof init.body === 'string' ? init.body : new Uint8Array(init.body as ArrayBuffer));
    if (body) headers['content-length'] = String(body.length);
    return new Promise<Response>((resolve, reject) => {
      const req = client.request(url, { method: init.method ?? 'GET', headers, lookup: guardedLookup(options.allowPrivate), timeout: options.timeoutMs, signal: init.signal ?? undefined }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) req.destroy(new OutboundUrlError(`${url.hostname} answered more than ${options.maxBytes} bytes.`));
          else chunks.push(chunk);
        });
        res.on('end', () => {
          const replyHeaders = new Headers();
          for (const [key, value] of Object.entries(res.headers)) {
            if (value === undefined) continue;
            for (const v of Array.isArray(value) ? value : [value]) replyHeaders.append(key, v);
          }
          const status = res.statusCode ?? 502;
          const noBody = status === 204 || status === 304;
          const response = new Response(noBody ? null : Buffer.concat(chunks), { status, headers: replyHeaders });
          // openid-client checks that the URL it asked for answered.
          Object.defineProperty(response, 'url', { value: url.href });
          resolve(response);
        });
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error(`No answer from ${url.hostname} within ${Math.round(options.timeoutMs / 1000)} s.`)));
      req.on('error', reject);
      if (stream) {
        stream.on('error', (error) => req.destroy(error));
        stream.pipe(req);
      } else req.end(body);
    });
  };
}
