import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ssoFailTexts, type SsoFailReason } from '@scanbase/contracts/sso';
import { PublicFrame } from '../../../ui/PublicFrame';
import { RouterLink } from '../../../ui/RouterLink';
import { useQueryParam } from '../../../ui/useQueryParam';
import { AuthHeading } from '../../auth/components/AuthHeading';
import { isOwnPath } from '../sso-callback';

const unknown = { title: 'The single sign-on did not work.', action: 'Start again from the sign-in page; if it keeps failing, ask your account owner.' };

/** /sso-fail/: why a single sign-on failed (`reason`, a stable code) and what to do; `detail` is the provider’s own words, shown as text. */
export function SsoFailPage() {
  const reason = useQueryParam('reason') ?? '';
  const detail = useQueryParam('detail');
  // An app user's sign-in (scanner, portal) goes back to the page it started from.
  const backParam = useQueryParam('back');
  const back = backParam && isOwnPath(backParam) ? backParam : null;
  const text = Object.hasOwn(ssoFailTexts, reason) ? ssoFailTexts[reason as SsoFailReason] : unknown;
  return (
    <PublicFrame>
      <AuthHeading title="Single sign-on failed">{text.title}</AuthHeading>
      <Stack spacing={2}>
        {detail && (
          <Typography sx={{ p: 1.5, borderRadius: 1, bgcolor: 'grey.100', overflowWrap: 'anywhere' }}>
            <strong>Details:</strong> {detail}
          </Typography>
        )}
        <Typography>{text.action}</Typography>
        {reason && (
          <Typography variant="body2" color="text.secondary">
            Reason code: {reason}
          </Typography>
        )}
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {back ? (
            <Link component={RouterLink} href={back}>
              Back to the sign-in
            </Link>
          ) : (
            <AdminLinks />
          )}
        </Stack>
      </Stack>
    </PublicFrame>
  );
}

function AdminLinks() {
  return (
    <>
      <Link component={RouterLink} href="/signinSSO">
        Try single sign-on again
      </Link>
      <Link component={RouterLink} href="/signin">
        Sign in with your password
      </Link>
    </>
  );
}
