import { expect, it } from 'vitest';

it('zod runs jitless once zod-jitless has run, whether zod loads after it or already had', async () => {
  await import('./zod-jitless');
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);
  expect(z.object({ a: z.string() }).parse({ a: 'x', b: 1 })).toEqual({ a: 'x' });
});
