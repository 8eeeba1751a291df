import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../../ui/RouterLink';
import type { SpecializedInstanceDetail } from '@scanbase/contracts/specialized';
import { InstanceFrame } from '../../specialized/components/InstanceFrame';
import { useLiveInstanceCounts } from '../hooks/useLiveInstanceCounts';

function ScansLinks({ instance }: { instance: SpecializedInstanceDetail }) {
  useLiveInstanceCounts(instance.id);
  return (
    <Paper variant="outlined" component="section" aria-label="Scans" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5 }}>
      <Typography>
        {instance.scansToday.toLocaleString('en-US')} {instance.scansToday === 1 ? 'scan' : 'scans'} today.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} href={`/account/scans/search/list/?service_ids=${instance.id}`}>
          Open its scans
        </Button>
        <Button variant="outlined" component={RouterLink} href={`/account/scans/search/map/?service_ids=${instance.id}`}>
          On a map
        </Button>
        <Button variant="outlined" component={RouterLink} href={`/account/scans/search/statistics/?service_ids=${instance.id}`}>
          Statistics
        </Button>
      </Box>
    </Paper>
  );
}

/** /account/specialized-services/{instanceId}/scan-to-excel/scans/: the instance's scans on the scans screens (search, map, photos, edit, delete). */
export function ScanToExcelScansPage() {
  return (
    <InstanceFrame type="scan-to-excel" tab="scans" intro="The scans behind the sheet. Edit or delete a scan on the Scans screens: the sheet, downloads and the link follow.">
      {(instance) => <ScansLinks key={instance.id} instance={instance} />}
    </InstanceFrame>
  );
}
