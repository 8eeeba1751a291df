import type { GpsFix } from './scan-submit';

/** One position now (the gps question type). */
export function currentPosition(): Promise<GpsFix> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('This browser cannot share a location.'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude, accuracy: position.coords.accuracy }),
      (error) => reject(new Error(error.code === error.PERMISSION_DENIED ? 'Location is blocked for this site. Allow it in the browser settings.' : 'Could not get a location. Try again outside or near a window.')),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 10_000 },
    );
  });
}

/** What the scan screen says about the location its scans carry: a fix (coordinates to 4 decimals, about 10 m, and its accuracy), or none yet. */
export function gpsStatusText(fix: GpsFix | null): string {
  if (!fix) return 'Waiting for a location… scans are sent without one until there is.';
  const accuracy = fix.accuracy === undefined || !Number.isFinite(fix.accuracy) ? '' : ` (±${Math.max(1, Math.round(fix.accuracy)).toLocaleString('en-US')} m)`;
  return `Location on: ${fix.latitude.toFixed(4)}, ${fix.longitude.toFixed(4)}${accuracy}`;
}
