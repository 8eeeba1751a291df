import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useRedoc } from '../hooks/useRedoc';
import type { OpenApiDocument } from '../v2-sections';

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

/** One OpenAPI document (a section of the V2 API, or the scanner routes) rendered by Redoc. */
export function V2Reference({ document: spec }: { document: OpenApiDocument }) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const state = useRedoc(element, () => Promise.resolve(spec), redocOptions);
  return (
    <Box>
      {/* Redoc's own heading (the document's title) is the page's h1 once it has drawn. */}
      <Box sx={{ px: { xs: 2, md: 3 } }}>
        {state.status === 'loading' && <ReferenceLoading />}
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

/** The status shown while the reference loads. */
export function ReferenceLoading() {
  return (
    <Box role="status" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', py: 4 }}>
      <CircularProgress size={22} aria-label="Loading the reference" />
      <Typography>Loading the reference…</Typography>
    </Box>
  );
}
