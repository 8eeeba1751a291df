import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { portalMe } from '@scanbase/contracts/portals';
import { useEffect, useState, type ReactNode } from 'react';
import type { PortalFlow } from '../../../session/portal-flows';
import { PublicFrame } from '../../../ui/PublicFrame';
import { RouterLink } from '../../../ui/RouterLink';
import { useQueryParam } from '../../../ui/useQueryParam';
import { AuthHeading } from '../../auth/components/AuthHeading';
import { FormAlert } from '../../auth/components/FormAlert';
import { CompanySignIn } from '../../auth/pages/SignInCompanyPage';
import { PortalSignInForm } from '../components/PortalSignInForm';
import { usePortal } from '../hooks/usePortal';
import { passedOnQuery, portalErrorMessage } from '../portal-login';
import { setPortalRoute } from '../portal-services';
import { portalHome } from '../portal-target';

type Flow = Extract<PortalFlow, 'userportal' | 'taskportal'>;
const copy: Record<Flow, { title: string; intro: string; portal: string }> = {
  userportal: { title: 'Sign in to view scans', intro: 'See the scans and look up the databases shared with you. Sign in with the username and password you use in the scanner app.', portal: 'user portal' },
  taskportal: { title: 'Task portal', intro: 'Follow the tasks shared with you and download their results. Sign in with the username and password you use in the scanner app.', portal: 'task portal' },
};

/**
 * The user and task portals' sign-in: an app user's username and password (`app/signin`), then a check that they
 * may use this portal (`app/portal/me`); on success, the portal's page with the query passed on.
 */
function PortalLogin({ flow, routeName, footer }: { flow: Flow; routeName: string; footer?: ReactNode }) {
  const { client, session } = usePortal(flow);
  const errCode = useQueryParam('errCode');
  const [denied, setDenied] = useState<string | null>(null);
  useEffect(() => setPortalRoute(routeName, false), [routeName]);
  // Sent here because access was taken away: the session ends here, after the portal page has gone (ending it
  // there made its queries run again without a token, and their 401 sign-in redirect could win over this one).
  useEffect(() => {
    if (errCode === 'FORBIDDEN') void session.signOut();
  }, [errCode, session]);
  const done = async () => {
    try {
      const me = await client.call(portalMe, {});
      if (!(flow === 'userportal' ? me.userPortal : me.taskPortal)) {
        await session.signOut();
        setDenied(portalErrorMessage('FORBIDDEN', copy[flow].portal));
        return;
      }
    } catch (error) {
      setDenied(error instanceof Error ? error.message : 'Could not sign in. Please try again.');
      return;
    }
    // A full load: the portal page's guard reads the token just stored.
    window.location.assign(`${portalHome[flow]}${passedOnQuery(window.location.search)}`);
  };
  const message = denied ?? portalErrorMessage(errCode, copy[flow].portal);
  return (
    <PublicFrame>
      <AuthHeading title={copy[flow].title}>{copy[flow].intro}</AuthHeading>
      <FormAlert message={message} />
      <PortalSignInForm flow={flow} onDone={() => void done()} />
      {footer}
    </PublicFrame>
  );
}

/** /share/preview/login (errCode, q, page, limit): where the user portal's guard sends people. */
export function UserPortalSignInPage() {
  return <PortalLogin flow="userportal" routeName="UP.login" footer={<TeamLink />} />;
}

/** /share/preview/account/login/: the user portal's sign-in to share as a link; the query is passed on to the scans page. */
export function UserPortalAccountSignInPage() {
  return <PortalLogin flow="userportal" routeName="UP.account.login" footer={<TeamLink />} />;
}

function TeamLink() {
  return (
    <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
      On the company’s team?{' '}
      <Link component={RouterLink} href="/share/preview/account/login-company/">
        Sign in with your company login
      </Link>
    </Typography>
  );
}

/**
 * /share/preview/account/login-company/: for team members whose email belongs to several companies: company ID,
 * email and password (the web sign-in), landing on the scans of that company in the admin area.
 */
export function UserPortalCompanySignInPage() {
  return (
    <CompanySignIn
      copy={{
        title: 'Choose a company',
        intro: 'For members of a company’s team whose email belongs to several companies: enter the company ID with your email and password to see its scans.',
        to: '/account/scans/search/full/',
        back: { href: '/share/preview/login/', label: 'Sign in with a scanner username instead' },
      }}
    />
  );
}

/** /task-portal/login (errCode): the task portal's sign-in. */
export function TaskPortalSignInPage() {
  return <PortalLogin flow="taskportal" routeName="TP.login" />;
}
