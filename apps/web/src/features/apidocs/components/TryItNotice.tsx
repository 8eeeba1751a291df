import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { RouterLink } from '../../../ui/RouterLink';

/** Says who can run read-only actions from the docs, and how to become that person. */
export function TryItNotice({ signedIn }: { signedIn: boolean }) {
  const here = `${window.location.pathname}${window.location.hash}`;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {signedIn ? (
        'Administrators of an account can run the read-only actions from this page.'
      ) : (
        <>
          <Link component={RouterLink} href={`/signin?to=${encodeURIComponent(here)}`}>
            Sign in
          </Link>{' '}
          as an administrator to run the read-only actions from this page with your session or an API key.
        </>
      )}
    </Alert>
  );
}
