import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Transform, type Readable } from 'node:stream';
import ipaddr from 'ipaddr.js';

/** Thrown when an outbound URL is not allowed (scheme, or an internal address). */
export class OutboundUrlError extends Error {}

const BLOCKED = new Set(['unspecified', 'broadcast', 'multicast', 'linkLocal', 'loopback', 'private', 'uniqueLocal', 'carrierGradeNat', 'reserved', 'benchmarking', 'amt', 'as112', 'as112v6', 'deprecated', 'orchid2', 'droneRemoteIdProtocolEntityTags', 'rfc6145', 'rfc6052', '6to4', 'teredo']);

/** True when the address is loopback, private, link-local or otherwise not a public internet host. */
export function isInternalAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return true;
  }
  return BLOCKED.has(parsed.range());
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
function guardedLookup(allowPrivate: boolean): LookupFunction {
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
  const url = checkOutboundUrl(urlText, options.allowPrivate);
  const body = new URLSearchParams(fields).toString();
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      { method: 'POST', lookup: guardedLookup(options.allowPrivate), timeout: options.timeoutMs, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), 'user-agent': 'Scanbase' } },
      (res) => {
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
    req.on('error', reject);
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
