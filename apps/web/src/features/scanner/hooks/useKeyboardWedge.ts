import { useEffect, useRef } from 'react';
import { isEditableTarget, WedgeDetector } from '../keyboard-wedge';

/** Listens on the whole page for a keyboard-wedge scanner (a fast burst of keys ending in Enter) while enabled. */
export function useKeyboardWedge(enabled: boolean, onScan: (value: string) => void): void {
  const handler = useRef(onScan);
  useEffect(() => {
    handler.current = onScan;
  });
  useEffect(() => {
    if (!enabled) return;
    const detector = new WedgeDetector();
    const listen = (event: KeyboardEvent) => {
      // Typing into a field belongs to that field (the manual entry box tells wedge bursts apart itself).
      if (isEditableTarget(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const value = detector.key(event.key, event.timeStamp);
      if (value !== null) {
        event.preventDefault();
        handler.current(value);
      }
    };
    window.addEventListener('keydown', listen);
    return () => window.removeEventListener('keydown', listen);
  }, [enabled]);
}
