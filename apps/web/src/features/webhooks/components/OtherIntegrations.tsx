import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { checkAccess } from '../../../app/guards';
import { routesByName } from '../../../app/route-table';
import { useSession } from '../../../session/useSession';
import { RouterLink } from '../../../ui/RouterLink';

/** `route`: the tab's route name; the card shows only to whom that route's access rules let in (owner-only tabs). */
type Card = { title: string; text: string; route?: string; href?: string; linkText?: string; more?: { href: string; text: string } };

/** The other integrations: the postback tool is built (linked); the tabs not built yet say so, without a link. */
const cards: Card[] = [
  { title: 'Postback', text: 'Validate or forward scans to your own server as they arrive: every target and its recent deliveries. Test an endpoint with the postback tool.', href: '/account/integrations/postback/', linkText: 'See postback deliveries', more: { href: '/account/postbacktool/', text: 'Open the postback tool' } },
  { title: 'File storage', text: 'Copy task files and exports to Google Drive, Dropbox, OneDrive, S3 or WebDAV.', href: '/account/integrations/file-storage/', linkText: 'Connect file storage' },
  { title: 'Zapier', text: 'Connect scans to thousands of apps without code.', href: '/account/integrations/zapier/', linkText: 'Connect Zapier' },
  { title: 'Make', text: 'Build scenarios that react to scans.', href: '/account/integrations/make/', linkText: 'Connect Make' },
  { title: 'Single sign-on', text: 'Let your team sign in with your identity provider (OpenID Connect or SAML 2.0).', route: 'account.integrations.singlesignon', href: '/account/integrations/single-sign-on/', linkText: 'Set up single sign-on' },
];

/** Cards for the other integration tabs: a link where the screen exists, “Coming” where it does not yet. */
export function OtherIntegrations() {
  const { session } = useSession();
  const access = session.access();
  const shown = cards.filter((card) => {
    const def = card.route ? routesByName.get(card.route) : undefined;
    return def === undefined || checkAccess(def.meta, access) === 'allow';
  });
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(5, 1fr)' } }}>
      {shown.map((card) => (
        <Paper component="li" variant="outlined" key={card.title} sx={{ p: 2, display: 'grid', gap: 0.75, alignContent: 'start' }}>
          <Typography variant="h3" sx={{ fontSize: 16 }}>
            {card.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {card.text}
          </Typography>
          {card.href ? (
            <>
              <RouterLink href={card.href}>{card.linkText}</RouterLink>
              {card.more ? <RouterLink href={card.more.href}>{card.more.text}</RouterLink> : null}
            </>
          ) : (
            <Typography variant="body2" sx={{ fontWeight: 600, color: '#37474f' }}>
              Coming: not available yet
            </Typography>
          )}
        </Paper>
      ))}
    </Box>
  );
}
