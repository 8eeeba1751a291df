import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { PublicFrame } from '../../../ui/PublicFrame';
import { RouterLink } from '../../../ui/RouterLink';
import { useQueryParam } from '../../../ui/useQueryParam';
import { AuthHeading } from '../components/AuthHeading';

/** /confirm-multi-account: the email already has a Scanbase sign-in. */
export function ConfirmMultiAccountPage() {
  const email = useQueryParam('email');
  return (
    <PublicFrame>
      <AuthHeading title="This email is already registered">
        {email ? <strong>{email}</strong> : 'This address'} already signs in to Scanbase. Sign in with it to open your companies, add another company that signs in with the same address, or register with a different address.
      </AuthHeading>
      <Stack spacing={1.5}>
        <Button variant="contained" size="large" component={RouterLink} href="/signin">
          Sign in
        </Button>
        <Button variant="outlined" size="large" component={RouterLink} href={`/registration?${new URLSearchParams({ email: email ?? '', multi: '1' }).toString()}`}>
          Add another company with this email
        </Button>
        <Button size="large" component={RouterLink} href="/forgotpassword">
          I forgot my password
        </Button>
        <Button size="large" component={RouterLink} href="/registration">
          Use a different email
        </Button>
      </Stack>
    </PublicFrame>
  );
}
