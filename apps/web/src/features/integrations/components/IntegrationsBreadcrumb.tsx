import Typography from '@mui/material/Typography';
import { RouterLink } from '../../../ui/RouterLink';

/** The link back to the integrations hub above each tab's heading. */
export function IntegrationsBreadcrumb() {
  return (
    <Typography variant="body2" sx={{ mb: 1 }}>
      <RouterLink href="/account/integrations/">Integrations</RouterLink>
    </Typography>
  );
}
