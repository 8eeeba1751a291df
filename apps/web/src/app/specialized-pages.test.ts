import { describe, expect, it } from 'vitest';
import { routeTable } from './route-table';
import { shellPages } from './shell-pages';

describe('specialized service pages', () => {
  it('every built route of a specialized type finds its page in shell-pages.ts', async () => {
    const built = routeTable.filter((def) => def.name.startsWith('account.specialized.') && def.page && def.name !== 'account.specialized.create');
    for (const def of built) {
      // The loader resolves through shell-pages.ts by a made-up name: a missing name would fail here, not in a user's browser.
      const page = await def.page!();
      expect(typeof page, def.name).toBe('function');
    }
    expect(Object.keys(shellPages).length).toBeGreaterThan(0);
  });
});
