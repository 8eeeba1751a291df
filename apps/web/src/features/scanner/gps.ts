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
