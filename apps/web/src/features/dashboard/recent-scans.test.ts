import type { ScanRow } from '@scanbase/contracts/scanner';
import { describe, expect, it } from 'vitest';
import { coalesce, mergeNewer, newestId } from './recent-scans';
import { formatScanTime } from './scan-time';

const row = (id: number): ScanRow => ({
  id,
  value: `V${id}`,
  response: '',
  status: 1,
  service: { id: 1, name: 'Gate', deleted: false },
  user: null,
  device: null,
  uploadId: null,
  scannedAt: '2026-03-01T10:00:00.000Z',
  receivedAt: '2026-03-01T10:00:00.000Z',
  modifiedAt: '2026-03-01T10:00:00.000Z',
});

describe('live dashboard list', () => {
  it('puts newer scans on top without doubles and keeps the newest ones', () => {
    const merged = mergeNewer([row(3), row(2), row(1)], [row(5), row(4), row(3)], 4);
    expect(merged.map((r) => r.id)).toEqual([5, 4, 3, 2]);
    expect(newestId(merged)).toBe(5);
    expect(newestId([])).toBe(0);
  });

  it('coalesces a burst of messages into one running fetch and one more after it', async () => {
    let calls = 0;
    let release: () => void = () => undefined;
    const run = coalesce(async () => {
      calls += 1;
      await new Promise<void>((resolve) => (release = resolve));
    });
    run();
    run();
    run();
    expect(calls).toBe(1);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toBe(2);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toBe(2);
  });

  it('shows today as a clock time and other days with the date', () => {
    const now = new Date('2026-03-01T18:00:00Z');
    expect(formatScanTime('2026-03-01T10:05:09Z', 'UTC', now)).toBe('10:05:09');
    expect(formatScanTime('2026-02-27T10:05:09Z', 'UTC', now)).toBe('27 Feb, 10:05');
    expect(formatScanTime('nonsense', 'UTC', now)).toBe('—');
  });
});
