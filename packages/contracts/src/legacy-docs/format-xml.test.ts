import { describe, expect, it } from 'vitest';
import { formatLegacyXml } from './format-xml.js';

describe('formatLegacyXml', () => {
  it('puts one element per line, keeps text-only and empty elements on their line', () => {
    const xml = '<?xml version="1.0" encoding="UTF-8"?>\n<xml><status>1</status><count>1</count><service id="1"><name>Gate &amp; A</name><descriptionFromDb></descriptionFromDb><user id="2"/></service></xml>\n';
    expect(formatLegacyXml(xml)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<xml>',
        '  <status>1</status>',
        '  <count>1</count>',
        '  <service id="1">',
        '    <name>Gate &amp; A</name>',
        '    <descriptionFromDb></descriptionFromDb>',
        '    <user id="2"/>',
        '  </service>',
        '</xml>',
      ].join('\n'),
    );
  });

  it('leaves text that is not XML as it is', () => {
    expect(formatLegacyXml('(image/png image; the bytes are not shown)')).toBe('(image/png image; the bytes are not shown)');
  });
});
