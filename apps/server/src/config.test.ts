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
    expect(c.map).toEqual({ tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' });
  });

  it('takes the map tiles from MAP_TILE_URL and MAP_ATTRIBUTION', () => {
    const c = loadConfig({ MAP_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}@2x.png?key=k', MAP_ATTRIBUTION: '© Example Maps' });
    expect(c.map).toEqual({ tileUrl: 'https://{s}.tiles.example.com/{z}/{x}/{y}@2x.png?key=k', attribution: '© Example Maps' });
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
    ['MAP_TILE_URL', 'https://tiles.example.com/tile.png'],
    ['MAP_TILE_URL', 'javascript:{z}{x}{y}'],
  ])('stops on a bad %s naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
