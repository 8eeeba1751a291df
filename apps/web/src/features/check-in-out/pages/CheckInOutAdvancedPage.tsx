import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../../ui/RouterLink';
import { InstanceFrame } from '../../specialized/components/InstanceFrame';

/** /account/specialized-services/{id}/check-in-out/advanced/: the settings of the service underneath (active period, rewrite rules, …). */
export function CheckInOutAdvancedPage() {
  return (
    <InstanceFrame type="check-in-out" tab="advanced">
      {(instance) => (
        <Stack spacing={2} sx={{ maxWidth: 760 }}>
          <Typography>
            This check in/out runs on an ordinary service. Its advanced settings apply here too: the active period (outside it every scan is refused), rewriting scanned values,
            scan feedback, symbologies and postbacks.
          </Typography>
          <Typography color="text.secondary">Keep “duplicate scans allowed”: a value is scanned again at every movement.</Typography>
          <Button variant="contained" component={RouterLink} href={`/account/services/${instance.id}/advanced/`} sx={{ alignSelf: 'flex-start' }}>
            Open the advanced settings of the service
          </Button>
        </Stack>
      )}
    </InstanceFrame>
  );
}
