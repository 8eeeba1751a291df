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

  it('keeps files under DATA_DIR/files, or in an S3-compatible bucket when S3_BUCKET is set', () => {
    expect(loadConfig({}).storage).toMatchObject({ kind: 'local' });
    expect(loadConfig({ S3_BUCKET: 'files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_PREFIX: 'scanbase/' }).storage).toEqual({
      kind: 's3', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', bucket: 'files', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true, prefix: 'scanbase/',
    });
    // AWS itself: no endpoint, virtual-hosted addressing unless asked otherwise.
    expect(loadConfig({ S3_BUCKET: 'files', S3_REGION: 'eu-central-1' }).storage).toMatchObject({ kind: 's3', endpoint: undefined, region: 'eu-central-1', forcePathStyle: false });
    expect(() => loadConfig({ S3_BUCKET: 'files', S3_PREFIX: '../up' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_BUCKET: 'files', S3_ENDPOINT: 'not a url' })).toThrow(ConfigError);
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
