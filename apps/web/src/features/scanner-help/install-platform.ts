/** Which "add to home screen" steps to show first. */
export type InstallPlatform = 'ios' | 'android' | 'desktop';

/** The platform of a browser, from its user agent; an iPad that says "Macintosh" is told apart by its touch points. */
export function installPlatform(userAgent: string, maxTouchPoints = 0): InstallPlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'desktop';
}

/** The scanner's address on this server (what the QR code holds). */
export function scannerAddress(origin: string): string {
  return new URL('/scanner', origin).href;
}
