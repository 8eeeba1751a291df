import { afterAll, describe, expect, it } from 'vitest';
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
