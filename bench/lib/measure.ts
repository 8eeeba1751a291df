/** What `measured` answers: the function's result, its seconds, the peak RSS and the RSS added over the start, in MB. */
export type Measured<T> = { result: T; seconds: number; peakMb: number; growthMb: number };

/**
 * Runs `fn` while sampling RSS every 20 ms. By default a garbage collection first (with --expose-gc), so the growth
 * is this run's and not the previous one's garbage; `gc: false` measures the process as it is.
 */
export async function measured<T>(fn: () => Promise<T>, { gc = true }: { gc?: boolean } = {}): Promise<Measured<T>> {
  if (gc) global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  try {
    const result = await fn();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, seconds: (performance.now() - started) / 1000, peakMb: peak / 1_048_576, growthMb: (peak - before) / 1_048_576 };
  } finally {
    clearInterval(timer);
  }
}
