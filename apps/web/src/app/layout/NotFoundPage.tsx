import Button from '@mui/material/Button';
import { MessagePage } from '../../ui/MessagePage';
import { RouterLink } from '../../ui/RouterLink';

/** Any address that matches no route. */
export function NotFoundPage() {
  return (
    <MessagePage
      framed
      title="Page not found"
      actions={
        <>
          <Button variant="contained" component={RouterLink} href="/signin">
            Go to Scanbase
          </Button>
          <Button variant="outlined" onClick={() => window.history.back()}>
            Go back
          </Button>
        </>
      }
    >
      There is no page at <strong>{window.location.pathname}</strong>. Check the address, or start again from the home screen.
    </MessagePage>
  );
}
