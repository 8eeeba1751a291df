import Button from '@mui/material/Button';
import { EmptyState } from '../../../ui/QueryStates';
import { plural } from '../scan-format';

/** A page number past the end (an old link, or scans deleted meanwhile). */
export function PastLastPage({ total, what = 'scan', onFirst }: { total: number; what?: string; onFirst: () => void }) {
  return (
    <EmptyState
      title="Nothing on this page"
      action={
        <Button variant="outlined" onClick={onFirst}>
          Go to the first page
        </Button>
      }
    >
      The search has {plural(total, what)}, fewer than this page needs.
    </EmptyState>
  );
}
