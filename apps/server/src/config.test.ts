import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults: port 8080, SQLite under ./data', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.database).toMatchObject({ kind: 'sqlite', synchronous: 'NORMAL' });
    expect(c.database.kind === 'sqlite' && c.database.file.endsWith('/data/scanbase.db')).toBe(true);
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect([...c.roles].sort()).toEqual(['scheduler', 'web', 'worker']);
  });

  it('uses PostgreSQL when DATABASE_URL is a postgres URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/sb' }).database).toEqual({ kind: 'postgres', url: 'postgres://u:p@127.0.0.1:5432/sb' });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['SMTP_URL', 'http://mail'],
    ['LOG_LEVEL', 'loud'],
    ['ROLES', 'web,chef'],
    ['PUBLIC_URL', 'not a url'],
  ])('stops on a bad %s naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
