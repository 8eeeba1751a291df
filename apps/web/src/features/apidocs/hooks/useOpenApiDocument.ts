import { useCallback, useEffect, useState } from 'react';
import { loadOpenApiDocument, type OpenApiDocument } from '../v2-sections';

export type OpenApiDocumentState = { status: 'loading' } | { status: 'ready'; document: OpenApiDocument } | { status: 'error'; message: string; retry: () => void };

/** The V2 OpenAPI document this server serves (fetched once per page load), with a retry after a failure. */
export function useOpenApiDocument(): OpenApiDocumentState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<OpenApiDocumentState>({ status: 'loading' });
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  useEffect(() => {
    let live = true;
    loadOpenApiDocument()
      .then((document) => live && setState({ status: 'ready', document }))
      .catch((error: unknown) => live && setState({ status: 'error', message: error instanceof Error ? error.message : 'The API description could not be loaded.', retry }));
    return () => {
      live = false;
    };
  }, [attempt, retry]);
  return state;
}
