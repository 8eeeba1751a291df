import { describe, expect, it } from 'vitest';
import { scannerDocument, sectionDocument, v2SectionHref, v2Sections, type OpenApiDocument } from './v2-sections';

const op = (tag: string, id: string) => ({ post: { operationId: id, tags: [tag], summary: id } });
const document: OpenApiDocument = {
  openapi: '3.0.3',
  info: { title: 'Scanbase V2 API', version: '1' },
  paths: {
    '/api-v2/databases/list/': op('databases', 'databasesList'),
    '/api-v2/databases/get/': op('databases', 'databasesGet'),
    '/api-v2/auth/signin/': op('auth', 'authSignin'),
    '/api-v2/webhooks/list/': op('webhooks', 'webhooksList'),
    '/api-v2/newthing/list/': op('newthing', 'newthingList'),
    '/api-v2/app/scan/': op('app', 'appScan'),
  },
};

describe('V2 reference sections', () => {
  it('lists one section per tag in reading order, scanner routes apart and unknown tags last under Other', () => {
    expect(v2Sections(document).map((s) => [s.group, s.title, s.routes])).toEqual([
      ['Account and team', 'Sign-up and sign-in', 1],
      ['Scanning set-up', 'Databases', 2],
      ['Integrations', 'Webhooks', 1],
      ['Other', 'newthing', 1],
    ]);
  });

  it("keeps only one section's routes, titled after it, and only the scanner routes for the scanner page", () => {
    const databases = v2Sections(document).find((s) => s.tag === 'databases')!;
    const one = sectionDocument(document, databases);
    expect(Object.keys(one.paths ?? {})).toEqual(['/api-v2/databases/list/', '/api-v2/databases/get/']);
    expect(one.info?.title).toBe('Databases · V2 JSON API');
    expect(Object.keys(scannerDocument(document).paths ?? {})).toEqual(['/api-v2/app/scan/']);
  });

  it('addresses a section, with the renderer anchor after it', () => {
    expect(v2SectionHref('scan-tickets', 'tag/scan-tickets/operation/x')).toBe('/apidocs/v2?section=scan-tickets#tag/scan-tickets/operation/x');
  });
});
