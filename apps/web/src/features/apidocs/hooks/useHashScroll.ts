import { useEffect } from 'react';

/** Scrolls to the element named by the address's #anchor once the page's content is there, and on later hash changes. */
export function useHashScroll(ready: boolean, pageKey: string): void {
  useEffect(() => {
    if (!ready) return;
    const scroll = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      if (!id) return;
      const target = document.getElementById(id);
      if (!target) return;
      target.scrollIntoView({ block: 'start' });
      // Move keyboard focus with the view, so Tab continues from the action a link pointed at.
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    };
    scroll();
    window.addEventListener('hashchange', scroll);
    return () => window.removeEventListener('hashchange', scroll);
  }, [ready, pageKey]);
}
