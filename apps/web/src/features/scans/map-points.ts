import type { ScanLocation } from '@scanbase/contracts/scan-data';

export type Bounds = [[number, number], [number, number]];

/** Whether a latitude/longitude pair can be drawn. */
export function isDrawable(point: Pick<ScanLocation, 'latitude' | 'longitude'>): boolean {
  return Number.isFinite(point.latitude) && Number.isFinite(point.longitude) && Math.abs(point.latitude) <= 90 && Math.abs(point.longitude) <= 180;
}

/**
 * The south-west and north-east corners around the points (null without any). A single point, or points on
 * one spot, get a small box around them so the map does not zoom in to the last tile.
 */
export function boundsOf(points: readonly Pick<ScanLocation, 'latitude' | 'longitude'>[], minSpan = 0.01): Bounds | null {
  const drawable = points.filter(isDrawable);
  if (drawable.length === 0) return null;
  let south = 90;
  let west = 180;
  let north = -90;
  let east = -180;
  for (const point of drawable) {
    south = Math.min(south, point.latitude);
    north = Math.max(north, point.latitude);
    west = Math.min(west, point.longitude);
    east = Math.max(east, point.longitude);
  }
  if (north - south < minSpan) {
    const middle = (north + south) / 2;
    south = Math.max(-90, middle - minSpan / 2);
    north = Math.min(90, middle + minSpan / 2);
  }
  if (east - west < minSpan) {
    const middle = (east + west) / 2;
    west = Math.max(-180, middle - minSpan / 2);
    east = Math.min(180, middle + minSpan / 2);
  }
  return [[south, west], [north, east]];
}

/** A key that changes when the set of points changes (the map fits its bounds again only then). */
export function pointsKey(points: readonly Pick<ScanLocation, 'scanId'>[]): string {
  if (points.length === 0) return 'none';
  let sum = 0;
  for (const point of points) sum = (sum + point.scanId * 31) % 1_000_000_007;
  return `${points.length}:${points[0]?.scanId ?? 0}:${points.at(-1)?.scanId ?? 0}:${sum}`;
}

/** "12 of 40 scans have a location" (and the share left out when the map shows only the newest ones). */
export function locationSummary(shown: number, withLocation: number, matching: number | undefined): string {
  const scans = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'scan' : 'scans'}`;
  const base = matching === undefined ? `${scans(withLocation)} with a location` : `${withLocation.toLocaleString('en-US')} of ${scans(matching)} ${withLocation === 1 ? 'has' : 'have'} a location`;
  return shown < withLocation ? `${base}; the newest ${shown.toLocaleString('en-US')} are on the map` : base;
}
