import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { PublicFrame } from '../../../ui/PublicFrame';
import { RouterLink } from '../../../ui/RouterLink';
import { useQueryParam } from '../../../ui/useQueryParam';
import { AuthHeading } from '../../auth/components/AuthHeading';
import { BrandHeader } from '../../branding/components/BrandHeader';
import { BrandText } from '../../branding/components/BrandTexts';
import { BrandTheme } from '../../branding/components/BrandTheme';
import { accountFromAddress, useBrandingFor } from '../../branding/hooks/useBrandingFor';
import { usePortal } from '../hooks/usePortal';
import { PortalSignInForm } from '../components/PortalSignInForm';
import { setPortalRoute } from '../portal-services';
import { portalTarget } from '../portal-target';

const texts: Record<'checkinout' | 'attendance', { title: string; intro: string }> = {
  checkinout: { title: 'Check in/out portal', intro: 'See who is in right now. Sign in with the username and password you use in the scanner app.' },
  attendance: { title: 'Attendance', intro: 'Take the register of your sessions. Sign in with the username and password you use in the scanner app.' },
};

function PortalSignIn({ flow }: { flow: 'checkinout' | 'attendance' }) {
  const navigate = useNavigate();
  const referenceState = useQueryParam('referenceState');
  const referenceParams = useQueryParam('referenceParams');
  const instanceId = useQueryParam('instance_id');
  const done = () => void navigate({ href: portalTarget(flow, referenceState, referenceParams, instanceId), replace: true });
  // The account's branding (account/customize/): of ?account=<id>, of the signed-in app user, or the last one seen here.
  const { client, user } = usePortal(flow);
  // A refused password here is an answer to show under the form, not a redirect to this same page (which lost it).
  useEffect(() => setPortalRoute(flow === 'checkinout' ? 'CIO.signin' : 'AP.signin', false), [flow]);
  const branding = useBrandingFor(client, { signedIn: user !== null, accountId: accountFromAddress(window.location.search) });
  return (
    <BrandTheme branding={branding}>
      <PublicFrame brand={branding ? <BrandHeader branding={branding} /> : undefined} footer={branding?.footerText ? <BrandText kind="footer" text={branding.footerText} /> : undefined}>
        <AuthHeading title={texts[flow].title}>{texts[flow].intro}</AuthHeading>
        {branding?.welcomeText ? (
          <div style={{ marginBottom: 16 }}>
            <BrandText kind="welcome" text={branding.welcomeText} />
          </div>
        ) : null}
        <PortalSignInForm flow={flow} onDone={done} />
        {flow === 'checkinout' ? (
          <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
            On the company’s team?{' '}
            <Link component={RouterLink} href={`/checkinout/signin-company/${instanceId ? `?${new URLSearchParams({ instance_id: instanceId }).toString()}` : ''}`}>
              Sign in with your company login
            </Link>
          </Typography>
        ) : null}
      </PublicFrame>
    </BrandTheme>
  );
}

/** /checkinout/signin/{aliasOrAdminId?}: the check-in/out portal's sign-in (`referenceState`, `referenceParams`, `instance_id`). */
export function CheckInOutSignInPage() {
  return <PortalSignIn flow="checkinout" />;
}

/** /attendance/signin/: the attendance portal's sign-in (`referenceState`, `referenceParams`). */
export function AttendanceSignInPage() {
  return <PortalSignIn flow="attendance" />;
}
