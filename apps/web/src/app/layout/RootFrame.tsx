import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { onChunkFailure } from '../chunk-loading';
import { documentTitle } from './titles';

/** The root of every page: keeps the document title in step with the route and reports chunk failures. */
export function RootFrame() {
  const title = useRouterState({
    select: (state) => {
      // Every address the table knows matches at least one route below the root; only the root means not found.
      if (state.status === 'idle' && state.matches.length === 1) return 'Page not found';
      return state.matches.at(-1)?.staticData.def?.meta.title;
    },
  });
  const [chunkError, setChunkError] = useState<Error | null>(null);

  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  useEffect(() => onChunkFailure(setChunkError), []);

  return (
    <>
      <Outlet />
      {chunkError ? (
        <Paper
          role="alert"
          elevation={6}
          sx={{ position: 'fixed', left: 16, right: 16, bottom: 16, mx: 'auto', maxWidth: 560, p: 2, display: 'flex', gap: 2, alignItems: 'center', zIndex: 2000 }}
        >
          <Typography variant="body2" sx={{ flexGrow: 1 }}>
            Part of Scanbase could not be loaded. Check your connection, then reload the page.
          </Typography>
          <Button variant="contained" size="small" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </Paper>
      ) : null}
    </>
  );
}
