import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../../ui/RouterLink';

const steps = [
  ['Create a database', 'A list of the values that count as valid: ticket numbers, badge ids, part numbers. Import it from a CSV file.'],
  ['Create a service', 'It tells the scanner app what to do with each scan, e.g. check it against your database.'],
  ['Add users', 'The people who scan sign in to the scanner app and see the services you allow them.'],
] as const;

/** The empty list of a new account: what a service is, the three first steps, and the demo. */
export function NoServicesYet() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Typography variant="h3">Set up your first scanning service</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 680 }}>
        To check tickets, badges or parts, start with a database of the valid values. Not sure yet? The demo creates a ticket database, two
        questions and a service in one click, so you can try scanning straight away.
      </Typography>
      <Box component="ol" sx={{ pl: 2.5, my: 2.5, display: 'grid', gap: 1.25, maxWidth: 680 }}>
        {steps.map(([title, text]) => (
          <li key={title}>
            <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
            <Typography variant="body2" color="text.secondary">
              {text}
            </Typography>
          </li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} href="/account/databases/new/">
          Create a database
        </Button>
        <Button variant="outlined" component={RouterLink} href="/account/services/create-demo/">
          Try the demo
        </Button>
        <Button component={RouterLink} href="/account/services/pre-create/">
          Create a service without a database
        </Button>
      </Box>
    </Paper>
  );
}
