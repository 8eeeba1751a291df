import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { useCreateDemoService } from '../hooks/useCreateDemoService';
import { serviceTabHref } from '../service-tabs';

const contents = [
  'A database "Demo tickets" with 25 ticket numbers, DEMO-0001 to DEMO-0025',
  'A service that checks each scan against it; a ticket scanned twice is refused as a duplicate',
  'Two questions: "Which entrance?" (North or South gate, required) and an optional note',
];

/** /account/services/create-demo/: says what the demo contains, creates it on request and opens its summary. */
export function CreateDemoServicePage() {
  const create = useCreateDemoService();
  const navigate = useNavigate();
  const start = () =>
    create.mutate(undefined, {
      onSuccess: (service) => void navigate({ href: serviceTabHref(service.id, 'done') }),
    });
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Button component={RouterLink} href="/account/services/pre-create/" sx={{ ml: -1, mb: 1 }}>
        ← New service
      </Button>
      <Typography variant="h1">Try the demo</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        A ticket check you can scan with straight away. Everything it creates is yours to change or delete afterwards.
      </Typography>
      <FormAlert message={create.isError ? create.error.message : null} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h3">The demo creates</Typography>
        <Box component="ul" sx={{ pl: 2.5, mt: 1, mb: 2.5 }}>
          {contents.map((line) => (
            <li key={line}>
              <Typography>{line}</Typography>
            </li>
          ))}
        </Box>
        <Button variant="contained" size="large" onClick={start} disabled={create.isPending} autoFocus startIcon={create.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}>
          {create.isPending ? 'Creating the demo…' : 'Create the demo'}
        </Button>
      </Paper>
    </Box>
  );
}
