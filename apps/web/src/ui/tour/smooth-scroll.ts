import { TOUR_SCROLL_MS } from './tour-types';

const ease = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

function scrollParent(element: Element): HTMLElement | null {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) return node;
  }
  return null;
}

/**
 * Scrolls the element into the middle of its scroll container over `duration` ms (the tour's 1000 ms);
 * instant when the visitor asked for reduced motion. Resolves when the movement ends.
 */
export function scrollToElement(element: Element, duration = TOUR_SCROLL_MS): Promise<void> {
  const container = scrollParent(element);
  const rect = element.getBoundingClientRect();
  const viewport = container ? container.getBoundingClientRect() : { top: 0, height: window.innerHeight };
  const start = container ? container.scrollTop : window.scrollY;
  const delta = rect.top - viewport.top - (viewport.height - rect.height) / 2;
  const apply = (top: number) => (container ? (container.scrollTop = top) : window.scrollTo({ top, behavior: 'instant' }));
  const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (Math.abs(delta) < 2 || reduced || duration <= 0) {
    apply(start + delta);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const began = performance.now();
    const frame = (now: number) => {
      const t = Math.min(1, (now - began) / duration);
      apply(start + delta * ease(t));
      if (t < 1) requestAnimationFrame(frame);
      else resolve();
    };
    requestAnimationFrame(frame);
  });
}
