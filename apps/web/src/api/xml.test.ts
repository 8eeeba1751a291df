import { describe, expect, it } from 'vitest';
import { TEXT_KEY, decodeXml, stripControlCharacters, xmlList, xmlText } from './xml';

describe('XML decoding', () => {
  it('puts attributes under _name, text under the text key, and repeats into lists', () => {
    const decoded = decodeXml(
      '<?xml version="1.0" encoding="UTF-8"?><xml><status>0</status><error code="101">API key is missing.</error><item id="1">a</item><item id="2">b</item><empty></empty></xml>',
    );
    expect(decoded).toEqual({
      xml: {
        status: '0',
        error: { _code: '101', [TEXT_KEY]: 'API key is missing.' },
        item: [
          { _id: '1', [TEXT_KEY]: 'a' },
          { _id: '2', [TEXT_KEY]: 'b' },
        ],
        empty: '',
      },
    });
    expect(TEXT_KEY).toBe('__text');
  });

  it('strips control characters 0-9, 11, 12 and 14-31 but keeps LF and CR', () => {
    const all = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join('');
    expect(stripControlCharacters(`a${all}b`)).toBe('a\n\rb');
  });

  it('parses a reply that would be invalid XML because of control characters', () => {
    const decoded = decodeXml('<xml><status>1</status><value>ab\u0001\u0008\u001Fc</value></xml>');
    expect(xmlText((decoded.xml as Record<string, string>).value)).toBe('abc');
  });

  it('gives an empty object for empty or broken text', () => {
    expect(decodeXml('')).toEqual({});
    expect(decodeXml('<xml><status>1</stat')).toEqual({});
  });

  it('lists a single element as a list of one', () => {
    expect(xmlList('x')).toEqual(['x']);
    expect(xmlList(undefined)).toEqual([]);
  });
});
