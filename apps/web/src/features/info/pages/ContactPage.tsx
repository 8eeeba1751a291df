import Typography from '@mui/material/Typography';
import { PublicFrame } from '../../../ui/PublicFrame';

/** /app-contact: who to ask for help with this installation. */
export function ContactPage() {
  return (
    <PublicFrame width={560}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Contact
      </Typography>
      <Typography sx={{ mb: 2 }}>
        This Scanbase installation is run by your organisation. For access, new accounts, or problems with scanning, contact the person who manages Scanbase
        where you work; usually that is the account owner who invited you.
      </Typography>
      <Typography color="text.secondary">
        If you are the owner and cannot sign in, use &quot;Forgot your password?&quot; on the sign-in page. The server&apos;s operator can also put the site
        in maintenance mode or inspect its logs.
      </Typography>
    </PublicFrame>
  );
}
