import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { isScannerPath } from '../docs-pages';
import { useRedoc } from '../hooks/useRedoc';

type OpenApi = { info?: Record<string, unknown>; paths?: Record<string, unknown> } & Record<string, unknown>;

/** The V2 OpenAPI document as served, or only its scanner routes (`/api-v2/app/*`). */
async function loadDocument(scannerOnly: boolean): Promise<object> {
  const reply = await fetch('/api-v2/openapi.json');
  if (!reply.ok) throw new Error(`The API description could not be loaded (HTTP ${reply.status}).`);
  const document = (await reply.json()) as OpenApi;
  if (!scannerOnly) return document;
  const paths = Object.fromEntries(Object.entries(document.paths ?? {}).filter(([path]) => isScannerPath(path)));
  return {
    ...document,
    info: {
      ...document.info,
      title: 'Scanbase scanner API',
      description:
        'The routes a scanning client uses: sign an app user in, list their services, send scans, uploads and answers, and keep an on-device database. Authenticate with `Authorization: Bearer <token>` using the token `app/signin` returns.',
    },
    paths,
  };
}

const redocOptions = {
  disableSearch: true,
  hideDownloadButton: false,
  nativeScrollbars: true,
  // The sticky header's height (taller on phones, where the search wraps under the logo).
  scrollYOffset: () => document.querySelector('header')?.getBoundingClientRect().height ?? 64,
  expandResponses: '200',
  pathInMiddlePanel: true,
  theme: {
    colors: { primary: { main: '#1565C0' } },
    typography: { fontFamily: 'Roboto, Helvetica, Arial, sans-serif', headings: { fontFamily: 'Roboto, Helvetica, Arial, sans-serif' } },
    sidebar: { width: '260px' },
  },
};

/** The V2 JSON API (or its scanner routes) rendered by Redoc from the OpenAPI document this server serves. */
export function V2Reference({ scannerOnly }: { scannerOnly: boolean }) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const state = useRedoc(element, () => loadDocument(scannerOnly), redocOptions);
  return (
    <Box>
      {/* Redoc's own heading (the document's title) is the page's h1 once it has drawn. */}
      <Box sx={{ px: { xs: 2, md: 3 } }}>
        {state.status === 'loading' && (
          <Box role="status" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', py: 4 }}>
            <CircularProgress size={22} aria-label="Loading the reference" />
            <Typography>Loading the reference…</Typography>
          </Box>
        )}
        {state.status === 'error' && (
          <Alert severity="error" sx={{ my: 2 }}>
            {state.message}
          </Alert>
        )}
      </Box>
      <div ref={setElement} data-testid="redoc-root" />
    </Box>
  );
}
