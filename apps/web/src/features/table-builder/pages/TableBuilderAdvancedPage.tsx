import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../../ui/RouterLink';
import { InstanceFrame } from '../../specialized/components/InstanceFrame';
import { ViewsForm } from '../components/ViewsForm';

/** /account/specialized-services/{instanceId}/table-builder/advanced/: the key column's header, child views, and the service's own advanced settings. */
export function TableBuilderAdvancedPage() {
  return (
    <InstanceFrame type="table-builder" tab="advanced">
      {(instance) => (
        <Box key={instance.id} sx={{ display: 'grid', gap: 2.5 }}>
          <ViewsForm instance={instance} />
          <Typography color="text.secondary">
            This table runs on an ordinary service: its active period, rewriting of scanned values, scan feedback and postbacks are on the{' '}
            <RouterLink href={`/account/services/${instance.id}/advanced/`}>service&apos;s advanced settings</RouterLink>.
          </Typography>
        </Box>
      )}
    </InstanceFrame>
  );
}
