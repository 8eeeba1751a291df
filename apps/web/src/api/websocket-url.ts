/** The websocket address: the page hostname without a leading `api.`, plus the page port (spec section 7). */
export function websocketUrl(location: Pick<Location, 'protocol' | 'hostname' | 'port'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const host = location.hostname.replace(/^api\./, '');
  return `${scheme}//${host}${location.port ? `:${location.port}` : ''}/ws`;
}
