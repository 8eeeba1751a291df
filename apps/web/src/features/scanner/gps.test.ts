import { describe, expect, it } from 'vitest';
import { gpsStatusText } from './gps';

describe('gpsStatusText', () => {
  it('says scans go without a location until there is a fix', () => {
    expect(gpsStatusText(null)).toBe('Waiting for a location… scans are sent without one until there is.');
  });

  it('shows the fix to 4 decimals with its accuracy in whole metres', () => {
    expect(gpsStatusText({ latitude: 52.52, longitude: 13.405, accuracy: 12.4 })).toBe('Location on: 52.5200, 13.4050 (±12 m)');
    expect(gpsStatusText({ latitude: -33.86788, longitude: 151.20732, accuracy: 1500.2 })).toBe('Location on: -33.8679, 151.2073 (±1,500 m)');
    expect(gpsStatusText({ latitude: 0, longitude: 0, accuracy: 0.2 })).toBe('Location on: 0.0000, 0.0000 (±1 m)');
  });

  it('leaves the accuracy out when the browser gives none', () => {
    expect(gpsStatusText({ latitude: 52.52, longitude: 13.405 })).toBe('Location on: 52.5200, 13.4050');
  });
});
