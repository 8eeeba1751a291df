import { useEffect, useRef, useState } from 'react';
import { gpsStatusText } from '../gps';
import type { GpsFix } from '../scan-submit';

/**
 * Follows the device position while enabled (services with enableGps); scans take the latest fix
 * without waiting for one. Answers the latest fix (a ref, read at submission), the same as shown (state, at the
 * precision `gpsStatusText` shows, so small moves do not re-render the scanner) and the problem, if any.
 */
export function useGps(enabled: boolean): { fix: React.RefObject<GpsFix | null>; shown: GpsFix | null; problem: string | null } {
  const fix = useRef<GpsFix | null>(null);
  const [shown, setShown] = useState<GpsFix | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      // Reported once; this browser will not get a position.
      queueMicrotask(() => setProblem('This browser cannot share a location; scans are sent without one.'));
      return;
    }
    const watch = navigator.geolocation.watchPosition(
      (position) => {
        const latest = { latitude: position.coords.latitude, longitude: position.coords.longitude, accuracy: position.coords.accuracy };
        fix.current = latest;
        setShown((before) => (before && gpsStatusText(before) === gpsStatusText(latest) ? before : latest));
        setProblem(null);
      },
      (error) => setProblem(error.code === error.PERMISSION_DENIED ? 'Location is blocked for this site; scans are sent without one.' : 'No location yet; scans are sent without one until there is.'),
      { enableHighAccuracy: true, maximumAge: 30_000, timeout: 20_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [enabled]);
  return { fix, shown, problem };
}
