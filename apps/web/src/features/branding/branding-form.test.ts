import { colorContrast, colorProblem, contrastRatio, contrastWarning, normalizeColor, parseColor } from '@scanbase/contracts/branding';
import { describe, expect, it } from 'vitest';
import { brandingChanges, brandingProblems, formFromBranding, pickerValue, previewBranding } from './branding-form';
import { readableOnWhite } from './branding-theme';

const stored = {
  appName: 'Scanbase',
  primaryColor: '#1565c0',
  primaryTextColor: '#ffffff',
  secondaryColor: '#00695c',
  secondaryTextColor: '#ffffff',
  welcomeText: '',
  footerText: '',
  logoUrl: null,
  isDefault: true,
  warnings: [],
};

describe('colours (spec section 5)', () => {
  it.each([
    ['#abc', '#aabbcc'],
    ['#ABCD', '#aabbccdd'],
    ['#1565C0', '#1565c0'],
    ['#1565c080', '#1565c080'],
    ['rgb(21, 101, 192)', '#1565c0'],
    ['rgba(0, 0, 0, 0.5)', '#00000080'],
    ['rgb(100%, 0%, 0%)', '#ff0000'],
    ['hsl(120, 100%, 25%)', '#008000'],
    ['hsla(0, 0%, 100%, 1)', '#ffffff'],
  ])('accepts %s as %s', (value, normal) => {
    expect(colorProblem(value)).toBeNull();
    expect(normalizeColor(value)).toBe(normal);
  });

  it.each(['#12', '#12345', '#1234567', '#123456789', '#ggg'])('warns that %s is invalid hex', (value) => {
    expect(parseColor(value)).toBeNull();
    expect(colorProblem(value)).toMatch(/^Invalid hex colour/);
  });

  it.each(['blue', 'rgb(1, 2)', 'rgba(1, 2, 3)', 'hsl(10%, 50%, 50%)', 'rgb(10%, 2, 3)'])('refuses %s', (value) => {
    expect(parseColor(value)).toBeNull();
    expect(colorProblem(value)).not.toBeNull();
  });

  it('picks white or black text, whichever reads better, and warns when the colour is faint as text on white', () => {
    expect(colorContrast('#1565c0')).toMatchObject({ textColor: '#ffffff' });
    expect(colorContrast('#ffeb3b')).toMatchObject({ textColor: '#000000' });
    expect(contrastWarning('#1565c0')).toBeNull();
    expect(contrastWarning('#ffeb3b')).toMatch(/^Low contrast: text and links in this colour on a white page reach 1\.2:1 \(4\.5:1 needed\); black text is used on it\.$/);
    expect(contrastRatio(parseColor('#000')!, parseColor('#fff')!)).toBeCloseTo(21, 5);
  });

  it('darkens a faint brand colour for text on white until it reads at 4.5:1', () => {
    const text = readableOnWhite('#ffeb3b');
    expect(contrastRatio(parseColor(text)!, parseColor('#fff')!)).toBeGreaterThanOrEqual(4.5);
    expect(readableOnWhite('#1565c0')).toBe('#1565c0');
  });
});

describe('branding form', () => {
  it('sends only what changed, comparing colours by value', () => {
    const form = formFromBranding(stored);
    expect(brandingChanges(form, stored)).toEqual({});
    expect(brandingChanges({ ...form, primaryColor: '#1565C0' }, stored)).toEqual({});
    expect(brandingChanges({ ...form, appName: 'Acme', primaryColor: '#b71c1c' }, stored)).toEqual({ appName: 'Acme', primaryColor: '#b71c1c' });
  });

  it('puts problems on their fields', () => {
    expect(brandingProblems({ ...formFromBranding(stored), primaryColor: '#12', appName: 'x'.repeat(41) })).toEqual({ primaryColor: expect.stringMatching(/^Invalid hex colour/) as string, appName: 'At most 40 characters.' });
  });

  it('previews valid colours as typed and keeps the stored one while a colour is invalid', () => {
    const form = { ...formFromBranding(stored), appName: ' Acme ', primaryColor: '#ffeb3b', secondaryColor: '#12' };
    expect(previewBranding(form, stored)).toMatchObject({ appName: 'Acme', primaryColor: '#ffeb3b', primaryTextColor: '#000000', secondaryColor: '#00695c' });
    expect(previewBranding({ ...form, appName: '' }, stored).appName).toBe('Scanbase');
    expect(pickerValue('#abc')).toBe('#aabbcc');
    expect(pickerValue('nope')).toBe('#000000');
  });
});
