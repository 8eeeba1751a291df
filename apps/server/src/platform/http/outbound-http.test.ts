import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundUrlError, checkOutboundUrl, getStream, isInternalAddress, postForm } from './outbound-http.js';

let server: http.Server;
let url = '';
let bodies: string[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      bodies.push(body);
      res.setHeader('content-type', 'text/xml');
      res.end(req.url === '/big' ? 'x'.repeat(50_000) : '<xml><message><status>1</status><text>OK</text></message></xml>');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const a = server.address();
  url = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('outbound HTTP to customer URLs', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.9', '192.168.1.1', '169.254.169.254', '::1', 'fe80::1', 'fd00::5', '0.0.0.0', '100.64.0.1', '::ffff:127.0.0.1'])('treats %s as internal', (ip) => {
    expect(isInternalAddress(ip)).toBe(true);
  });

  it.each(['8.8.8.8', '203.0.114.1', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8'])('treats %s as public', (ip) => {
    expect(isInternalAddress(ip)).toBe(false);
  });

  // IPv6 spellings of internal IPv4 hosts: IPv4-compatible, mapped (also in hex), SIIT, NAT64, 6to4, Teredo.
  it.each([
    '::127.0.0.1',
    '::7f00:1',
    '::10.0.0.1',
    '::169.254.169.254',
    '::8.8.8.8',
    '::ffff:7f00:1',
    '::ffff:10.1.2.3',
    '::ffff:0:127.0.0.1',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b::192.168.0.1',
    '64:ff9b:1::a00:1',
    '2002:7f00:1::1',
    '2002:a00:1::',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:80ff:fffe',
    '100::1',
    'fec0::1',
  ])('treats %s (an IPv6 form of an internal or transition address) as internal', (ip) => {
    expect(isInternalAddress(ip)).toBe(true);
  });

  it('refuses URLs naming an internal IPv4 host in IPv6 form, before connecting', async () => {
    const port = new URL(url).port;
    for (const host of ['[::127.0.0.1]', '[::ffff:127.0.0.1]', '[::ffff:0:127.0.0.1]', '[64:ff9b::127.0.0.1]', '[2002:7f00:1::]', '[::7f00:1]']) {
      expect(() => checkOutboundUrl(`http://${host}:${port}/hook`, false), host).toThrow(/internal address.*ALLOW_PRIVATE_URLS/);
    }
    bodies = [];
    await expect(postForm(`http://[::127.0.0.1]:${port}/hook`, [['a', '1']], { allowPrivate: false, timeoutMs: 2000, maxBytes: 100 })).rejects.toThrow(OutboundUrlError);
    await expect(getStream(`http://[::ffff:127.0.0.1]:${port}/file.csv`, { allowPrivate: false, timeoutMs: 2000, maxBytes: 100 })).rejects.toThrow(OutboundUrlError);
    expect(bodies).toEqual([]);
  });

  it('refuses internal targets unless the install allows them, and says how', async () => {
    expect(() => checkOutboundUrl('http://localhost:8080/x', false)).toThrow(OutboundUrlError);
    expect(() => checkOutboundUrl('http://[::1]/x', false)).toThrow(/ALLOW_PRIVATE_URLS/);
    expect(() => checkOutboundUrl('ftp://example.com/x', false)).toThrow('Only http:// and https://');
    await expect(postForm(`${url}/hook`, [['a', '1']], { allowPrivate: false, timeoutMs: 2000, maxBytes: 100 })).rejects.toThrow(/internal address/);
  });

  it('posts the form when allowed and keeps only the first bytes of the reply', async () => {
    bodies = [];
    const ok = await postForm(`${url}/hook`, [['tid', 'A&B'], ['answers[1]', 'x|^|y']], { allowPrivate: true, timeoutMs: 2000, maxBytes: 10_240 });
    expect(ok.status).toBe(200);
    expect(ok.body.toString()).toContain('<status>1</status>');
    expect(bodies[0]).toBe('tid=A%26B&answers%5B1%5D=x%7C%5E%7Cy');
    const big = await postForm(`${url}/big`, [], { allowPrivate: true, timeoutMs: 2000, maxBytes: 10_240 });
    expect(big.body.length).toBe(10_240);
    expect(big.truncated).toBe(true);
  });
});
