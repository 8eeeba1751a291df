import { useEffect } from 'react';

/**
 * Makes the scanner an installable app: links its manifest and registers the service worker (built by
 * vite-plugin-pwa into /sw.js) with scope /scanner, so it never controls the admin pages. Production
 * builds only: the development server has no service worker.
 */
export function useInstallable(): void {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/scanner.webmanifest';
    document.head.appendChild(link);
    const apple = document.createElement('link');
    apple.rel = 'apple-touch-icon';
    apple.href = '/icons/apple-touch-icon-180.png';
    document.head.appendChild(apple);
    if (import.meta.env.PROD && 'serviceWorker' in navigator) {
      navigator.serviceWorker.register('/sw.js', { scope: '/scanner' }).catch((error: unknown) => console.warn('The scanner works, but offline start is not available', error));
    }
    return () => {
      link.remove();
      apple.remove();
    };
  }, []);
}
