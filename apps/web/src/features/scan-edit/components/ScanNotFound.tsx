import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Button from '@mui/material/Button';
import { EmptyState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';

/** The editor without a scan to show: no scan id in the address, or one this account does not have. */
export function ScanNotFound({ missingId }: { missingId: boolean }) {
  return (
    <EmptyState
      title="Scan not found"
      action={
        <Button variant="contained" component={RouterLink} href="/account/scans/search/full/" startIcon={<SearchOutlined />}>
          Search scans
        </Button>
      }
    >
      {missingId
        ? 'This address does not say which scan to edit. Open the scan from the scan search.'
        : 'This account has no scan with that number. It may have been deleted. Find the scan you want in the scan search.'}
    </EmptyState>
  );
}
