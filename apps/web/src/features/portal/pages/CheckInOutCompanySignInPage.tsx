import { CompanySignIn } from '../../auth/pages/SignInCompanyPage';
import { useQueryParam } from '../../../ui/useQueryParam';

/**
 * /checkinout/signin-company/?instance_id=: the check-in/out portal's way in for team members. They sign in
 * with the company's web login (company ID, email, password, two-factor step) and land on the instance's live
 * roster in the admin area, where they may do everything their role allows; scanner users use /checkinout/signin/.
 */
export function CheckInOutCompanySignInPage() {
  const raw = useQueryParam('instance_id');
  const instanceId = raw && /^\d{1,12}$/.test(raw) ? raw : undefined;
  const to = instanceId ? `/account/specialized-services/${instanceId}/check-in-out/details/` : '/account/specialized-services/?type=check-in-out';
  const back = instanceId ? `/checkinout/signin/?instance_id=${instanceId}` : '/checkinout/signin/';
  return (
    <CompanySignIn
      copy={{
        title: 'Check in/out: team sign-in',
        intro: 'For members of the company’s team: sign in with the company ID, your email and password to see the live roster. People who scan sign in with their scanner username instead.',
        to,
        back: { href: back, label: 'Sign in with a scanner username instead' },
      }}
    />
  );
}
