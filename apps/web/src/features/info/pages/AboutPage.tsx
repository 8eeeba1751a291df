import Typography from '@mui/material/Typography';
import { PublicFrame } from '../../../ui/PublicFrame';

/** /about: what this installation is. */
export function AboutPage() {
  return (
    <PublicFrame width={560}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        About Scanbase
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Scanbase is a self-hosted web application for businesses that scan barcodes: ticketing, warehouses, schools and field teams. Administrators set up
        scanning services, databases of valid values, questions and users; the scans collected by the team arrive here to be searched, corrected and
        exported.
      </Typography>
      <Typography color="text.secondary">
        This installation is run by your organisation. Its data stays on your organisation&apos;s server, and the web app needs nothing from the internet to
        work.
      </Typography>
    </PublicFrame>
  );
}
