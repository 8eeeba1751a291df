import { useEffect, useRef } from 'react';

/**
 * Shows a blob in an <img> (or any element with `src`): the object URL is made when the blob arrives and
 * revoked when it changes or the element goes away. Answers the ref to put on the element.
 */
export function useObjectUrl<T extends HTMLImageElement>(blob: Blob | undefined) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || !blob) return;
    const url = URL.createObjectURL(blob);
    element.src = url;
    return () => {
      element.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [blob]);
  return ref;
}
