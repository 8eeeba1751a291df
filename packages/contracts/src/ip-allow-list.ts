/* Allow-list rules shared by the server (enforcement) and the web app (checking entries before saving). Plain code, no zod. */
import ipaddr from 'ipaddr.js';

/** Normalises one allow-list entry (address or CIDR); throws a message naming the entry when invalid. */
export function normaliseAllowEntry(entry: string): string {
  const text = entry.trim();
  try {
    if (text.includes('/')) {
      const [addr, bits] = ipaddr.parseCIDR(text);
      return `${addr.toNormalizedString()}/${bits}`;
    }
    return ipaddr.process(text).toNormalizedString();
  } catch {
    throw new Error(`"${text}" is not an IP address or CIDR range`);
  }
}

/** True when the address is in the list; an empty list allows every address. */
export function isAllowed(ip: string, entries: string[]): boolean {
  if (entries.length === 0) return true;
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.process(ip);
  } catch {
    return false;
  }
  return entries.some((entry) => {
    try {
      if (entry.includes('/')) {
        const [range, bits] = ipaddr.parseCIDR(entry);
        const candidate = range.kind() === 'ipv6' && addr.kind() === 'ipv4' ? (addr as ipaddr.IPv4).toIPv4MappedAddress() : addr;
        return candidate.kind() === range.kind() && candidate.match(range, bits);
      }
      return ipaddr.process(entry).toNormalizedString() === addr.toNormalizedString();
    } catch {
      return false;
    }
  });
}
