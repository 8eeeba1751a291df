import Button from '@mui/material/Button';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { MessagePage } from '../../ui/MessagePage';

/** Shown when a page fails to load or render. */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <MessagePage
      framed
      title="Something went wrong"
      actions={
        <>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
          <Button variant="outlined" onClick={reset}>
            Try again
          </Button>
        </>
      }
    >
      This page could not be shown. If it happens again, tell your administrator what you were doing.
      <br />
      <small>{message}</small>
    </MessagePage>
  );
}
