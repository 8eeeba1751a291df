import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { RouterLink } from '../../../ui/RouterLink';
import { usePlanStatus } from '../hooks/usePlanStatus';

/** The web shell's banner while the account is over its monthly scan quota (scans are still stored). */
export function QuotaBanner({ enabled }: { enabled: boolean }) {
  const status = usePlanStatus(enabled);
  if (!status.data?.quotaExceeded) return null;
  return (
    <Alert
      severity="warning"
      role="status"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" component={RouterLink} href="/account/plans/">
          See plans
        </Button>
      }
    >
      {status.data.message}
    </Alert>
  );
}
