import { afterAll, describe, expect, it, vi } from 'vitest';
import { BarcodeEncodeError } from './render-core.js';
import { RenderPool } from './render-pool.js';

const pool = new RenderPool(2);
afterAll(() => pool.close());

describe('RenderPool', () => {
  it('renders on worker threads, many at once', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => pool.render({ op: 'png', opts: { bcid: 'qrcode', text: `POOL-${i}` } })));
    expect(pool.mode).toBe('workers');
    expect(results.every((r) => r.op === 'png' && r.png.length > 100)).toBe(true);
    expect(pool.waiting).toBe(0);
  });

  it('carries encoder refusals back as BarcodeEncodeError with a readable message', async () => {
    const error = await pool.render({ op: 'svg', opts: { bcid: 'ean13', text: 'ABC' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BarcodeEncodeError);
    expect((error as Error).message).not.toMatch(/^bwipp\./);
  });
});

describe('RenderPool threads', () => {
  it('start with the first render, stop after being idle, and start again for the next render', async () => {
    const idle = new RenderPool(2, 50);
    try {
      expect(idle.threads).toBe(0);
      const first = await idle.render({ op: 'png', opts: { bcid: 'qrcode', text: 'IDLE-1' } });
      expect(first.op).toBe('png');
      expect(idle.threads).toBe(2);
      await vi.waitFor(() => expect(idle.threads).toBe(0), { timeout: 5_000, interval: 20 });
      const again = await idle.render({ op: 'svg', opts: { bcid: 'code128', text: 'IDLE-2' } });
      expect(again.op).toBe('svg');
      expect(idle.mode).toBe('workers');
      expect(idle.threads).toBe(2);
    } finally {
      await idle.close();
    }
  });
});
