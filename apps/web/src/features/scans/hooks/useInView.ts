import { useEffect, useState } from 'react';

/**
 * Whether an element has come near the viewport (once true it stays true): thumbnails load only when about to
 * be seen. Answers the callback ref to put on the element, and the flag.
 */
export function useInView<T extends Element>(rootMargin = '200px'): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [seen, setSeen] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (!element || seen) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, rootMargin, seen]);
  return [setElement, seen];
}
