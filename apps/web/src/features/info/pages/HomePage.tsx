import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PublicFrame } from '../../../ui/PublicFrame';
import { RouterLink } from '../../../ui/RouterLink';

const points = [
  'Set up scanning services for tickets, stock, attendance or check in/out',
  'Validate scans against your own databases of values',
  'Browse, edit and export every scan your team collects',
];

/** /home: what Scanbase is, with the way in. */
export function HomePage() {
  return (
    <PublicFrame width={560}>
      <Typography variant="h1" sx={{ mb: 1.5 }}>
        Barcode scanning for operations teams
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Scanbase records, validates and organises the barcodes your people scan, on a server you run yourself.
      </Typography>
      <Stack component="ul" spacing={1} sx={{ pl: 2.5, mb: 3, color: 'text.secondary' }}>
        {points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="contained" size="large" component={RouterLink} href="/signin">
          Sign in
        </Button>
        <Button variant="outlined" size="large" component={RouterLink} href="/registration">
          Create an account
        </Button>
      </Stack>
      <Box component="nav" aria-label="More ways in" sx={{ mt: 3, pt: 2, borderTop: 1, borderColor: 'divider', display: 'grid', gap: 1 }}>
        <Typography>
          <b>Scanning for a team?</b>{' '}
          <Link component={RouterLink} href="/aayor/">
            Get the scanner on your phone
          </Link>{' '}
          or read the{' '}
          <Link component={RouterLink} href="/app/1.0/more/apphelp">
            scanner help
          </Link>
          .
        </Typography>
        <Typography>
          <b>Connecting your systems?</b>{' '}
          <Link component={RouterLink} href="/apidocs/">
            Read the API documentation
          </Link>
          : the XML API your codeREADr integrations already speak, and a JSON API.
        </Typography>
      </Box>
    </PublicFrame>
  );
}
