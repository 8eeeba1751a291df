import type { LegacySectionDoc } from '@scanbase/contracts/legacy-docs/types';
import { describe, expect, it } from 'vitest';
import { legacyEntries, searchDocs, v2Entries } from './docs-search';

const catalog: LegacySectionDoc[] = [
  {
    section: 'databases',
    title: 'Databases',
    summary: 'Lists of valid values.',
    actions: [
      { action: 'showvalues', summary: 'Lists the values of a database.', readOnly: true, params: [{ name: 'database_id', type: 'id', required: true, description: '' }], errors: [], sample: {} },
      { action: 'upsertvalue', summary: 'Adds or changes one value.', readOnly: false, params: [{ name: 'value', type: 'text', required: true, description: '' }], errors: [], sample: {} },
    ],
  },
  { section: 'scans', title: 'Scans', summary: 'Scans recorded by app users.', actions: [{ action: 'retrieve', summary: 'Lists scans.', readOnly: true, params: [{ name: 'database_id', type: 'id', required: false, description: '' }], errors: [], sample: {} }] },
];

describe('documentation search', () => {
  const entries = [
    ...legacyEntries(catalog),
    ...v2Entries({ paths: { '/api-v2/app/scan/': { post: { operationId: 'appScan', summary: 'Records a scan', tags: ['app'] } }, '/api-v2/databases/list/': { post: { operationId: 'databasesList', summary: 'Lists databases', tags: ['databases'] } } } }),
  ];

  it('finds an action by section/action and links to its anchor', () => {
    expect(searchDocs(entries, 'databases/showvalues')[0]).toMatchObject({ title: 'databases/showvalues', href: '/apidocs/databases#showvalues' });
  });

  it('finds actions by a variable name, title matches first', () => {
    const found = searchDocs(entries, 'database_id').map((e) => e.title);
    expect(found).toEqual(expect.arrayContaining(['databases/showvalues', 'scans/retrieve']));
    expect(found).not.toContain('databases/upsertvalue');
  });

  it('links scanner routes to the scanner page and other V2 routes to their section of the V2 page', () => {
    expect(searchDocs(entries, 'app/scan')[0]?.href).toBe('/apidocs/scanner#tag/app/operation/appScan');
    expect(searchDocs(entries, 'databases/list')[0]?.href).toBe('/apidocs/v2?section=databases#tag/databases/operation/databasesList');
  });

  it('finds overview headings and nothing for an empty query', () => {
    expect(searchDocs(entries, 'credentials')[0]?.href).toBe('/apidocs/#credentials');
    expect(searchDocs(entries, '  ')).toEqual([]);
  });
});
