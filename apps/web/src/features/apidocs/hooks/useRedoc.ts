import { useEffect, useState } from 'react';
import redocScriptUrl from 'redoc/bundles/redoc.standalone.js?url';

type RedocGlobal = {
  init(spec: object | string, options: Record<string, unknown>, element: HTMLElement, callback?: (error?: unknown) => void): void;
  destroy?(element: HTMLElement): void;
};

declare global {
  interface Window {
    Redoc?: RedocGlobal;
  }
}

let loading: Promise<RedocGlobal> | null = null;

/** Loads Redoc's self-contained bundle (served by us as a hashed asset) once, on the first V2 page. */
function loadRedoc(): Promise<RedocGlobal> {
  loading ??= new Promise<RedocGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = redocScriptUrl;
    script.async = true;
    script.onload = () => (window.Redoc ? resolve(window.Redoc) : reject(new Error('The reference renderer did not start.')));
    script.onerror = () => {
      loading = null;
      reject(new Error('The reference renderer could not be loaded. Check your connection and reload.'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export type RedocState = { status: 'loading' } | { status: 'ready' } | { status: 'error'; message: string };

/** Renders an OpenAPI document with Redoc into the element; the document is built by `load` (fetched once per page). */
export function useRedoc(element: HTMLElement | null, load: () => Promise<object>, options: Record<string, unknown>): RedocState {
  const [state, setState] = useState<RedocState>({ status: 'loading' });
  useEffect(() => {
    if (!element) return;
    let live = true;
    Promise.all([loadRedoc(), load()])
      .then(([redoc, spec]) => {
        if (!live) return;
        redoc.init(spec, options, element, (error?: unknown) => {
          if (live) setState(error ? { status: 'error', message: 'The reference could not be shown.' } : { status: 'ready' });
        });
      })
      .catch((error: unknown) => {
        if (live) setState({ status: 'error', message: error instanceof Error ? error.message : 'The reference could not be loaded.' });
      });
    return () => {
      live = false;
      window.Redoc?.destroy?.(element);
    };
    // The options and loader are fixed per page; re-rendering must not rebuild the reference.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [element]);
  return state;
}
