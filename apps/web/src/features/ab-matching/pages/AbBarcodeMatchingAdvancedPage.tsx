import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../../ui/RouterLink';
import { InstanceFrame } from '../../specialized/components/InstanceFrame';

/** /account/specialized-services/{id}/ab-barcode-matching/advanced/: the settings of the service underneath (active period, rewrite rules, …). */
export function AbBarcodeMatchingAdvancedPage() {
  return (
    <InstanceFrame type="ab-barcode-matching" tab="advanced">
      {(instance) => (
        <Stack spacing={2} sx={{ maxWidth: 760 }}>
          <Typography>
            This A/B matching runs on an ordinary service. Its advanced settings apply here too: the active period (outside it every scan is refused and not counted), rewriting
            scanned values (applied to A), scan feedback, symbologies and postbacks.
          </Typography>
          <Typography color="text.secondary">Keep “duplicate scans allowed”: the same label A is often matched more than once.</Typography>
          <Button variant="contained" component={RouterLink} href={`/account/services/${instance.id}/advanced/`} sx={{ alignSelf: 'flex-start' }}>
            Open the advanced settings of the service
          </Button>
        </Stack>
      )}
    </InstanceFrame>
  );
}
