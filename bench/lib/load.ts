import autocannon from 'autocannon';

/** Requests per second a server sustains for one request shape (autocannon, loopback only). */
export async function requestsPerSecond(options: { url: string; method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string>; connections?: number; seconds?: number }): Promise<{ rps: number; non2xx: number; errors: number }> {
  const url = new URL(options.url);
  if (url.hostname !== '127.0.0.1') throw new Error('benchmarks only target 127.0.0.1');
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    ...(options.body !== undefined ? { body: options.body } : {}),
    headers: options.headers ?? {},
    connections: options.connections ?? 10,
    duration: options.seconds ?? 5,
  });
  return { rps: result.requests.average, non2xx: result.non2xx, errors: result.errors };
}
