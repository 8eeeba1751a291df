import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { PublicFrame } from '../../../ui/PublicFrame';
import { RouterLink } from '../../../ui/RouterLink';

/** The version this server reports on /healthz, or null while unknown. */
function useServerVersion(): string | null {
  const [version, setVersion] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetch('/healthz')
      .then((r): Promise<{ version?: unknown }> => (r.ok ? (r.json() as Promise<{ version?: unknown }>) : Promise.resolve({})))
      .then((body) => {
        if (live && typeof body.version === 'string') setVersion(body.version);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return version;
}

const parts = [
  ['Scanning services', 'Each service says what a scan means: record it, check it against a database of valid values, ask questions, or send it to your own server.'],
  ['The scanner', 'App users scan with the camera of any phone or with a hardware scanner, in the browser, and keep scanning offline.'],
  ['Scan data', 'Scans arrive live, and can be searched, corrected, mapped and exported on a schedule to CSV or Excel.'],
  ['Your systems', 'The XML API speaks codeREADr’s, so existing integrations work unchanged; a JSON API and postbacks cover the rest.'],
] as const;

/** /about: what this installation is. */
export function AboutPage() {
  const version = useServerVersion();
  return (
    <PublicFrame width={600}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        About Scanbase
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Scanbase is a self-hosted web application for businesses that scan barcodes: ticketing, warehouses, schools and field teams. Administrators set up
        scanning services, databases of valid values, questions and users; the scans collected by the team arrive here to be searched, corrected and
        exported.
      </Typography>
      <Box component="dl" sx={{ m: 0, mb: 2, display: 'grid', gap: 1.25 }}>
        {parts.map(([term, text]) => (
          <div key={term}>
            <Typography component="dt" sx={{ fontWeight: 600 }}>
              {term}
            </Typography>
            <Typography component="dd" color="text.secondary" sx={{ m: 0 }}>
              {text}
            </Typography>
          </div>
        ))}
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        This installation is run by your organisation. Its data stays on your organisation&apos;s server, and the web app needs nothing from the internet to
        work.
      </Typography>
      <Typography sx={{ mb: 1 }}>
        <Link component={RouterLink} href="/apidocs/">
          API documentation
        </Link>
        {' · '}
        <Link component={RouterLink} href="/app/1.0/more/apphelp">
          Scanner help
        </Link>
        {' · '}
        <Link component={RouterLink} href="/app-contact">
          Contact
        </Link>
      </Typography>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {version ? `Server version ${version}` : '\u00a0'}
      </Typography>
    </PublicFrame>
  );
}
