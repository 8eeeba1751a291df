import { describe, expect, it } from 'vitest';
import { gs1CheckDigitOk, gs1Properties, mayBeGs1 } from './gs1-properties.js';

const GS = String.fromCharCode(29);

describe('gs1Properties', () => {
  it('parses a GS1-128 element string with FNC1 as GS', () => {
    expect(gs1Properties(`]C1010950600013435217251231${'10AB'}${GS}21X`)).toEqual({ gs1_01: '09506000134352', gs1_17: '251231', gs1_10: 'AB', gs1_21: 'X' });
  });
  it('parses the parentheses form and an SSCC', () => {
    expect(gs1Properties('(00)106141411234567897')).toEqual({ gs1_00: '106141411234567897' });
    expect(gs1Properties('(01)09506000134352(10)ABC')).toEqual({ gs1_01: '09506000134352', gs1_10: 'ABC' });
  });
  it('parses a bare SSCC only with a right check digit', () => {
    expect(gs1Properties('00106141411234567897')).toEqual({ gs1_00: '106141411234567897' });
    expect(gs1Properties('00106141411234567890')).toBeNull();
  });
  it('parses a GS1 Digital Link URL, path and query', () => {
    expect(gs1Properties('https://id.gs1.org/01/09506000134352/10/AB%2F1?17=251231&x=1')).toEqual({ gs1_01: '09506000134352', gs1_10: 'AB/1', gs1_17: '251231' });
    expect(gs1Properties('https://example.com/shop/00/106141411234567897')).toEqual({ gs1_00: '106141411234567897' });
  });
  it('leaves ordinary values alone', () => {
    for (const value of ['EMP-9', 'hello world', '4006381333931', 'https://example.com/a/b', '12345', '(hello)', `A${GS}B`]) expect(gs1Properties(value)).toBeNull();
    expect(mayBeGs1('4006381333931')).toBe(false);
    expect(mayBeGs1('PKG-1')).toBe(false);
  });
  it('never throws on a malformed GS1-looking value', () => {
    expect(gs1Properties(']C1zz')).toBeNull();
    expect(gs1Properties('(99')).toBeNull();
    expect(gs1Properties('https://id.gs1.org/01/%E0%A4%A')).toBeNull();
  });
  it('checks mod-10 check digits', () => {
    expect(gs1CheckDigitOk('09506000134352')).toBe(true);
    expect(gs1CheckDigitOk('09506000134353')).toBe(false);
  });
});
