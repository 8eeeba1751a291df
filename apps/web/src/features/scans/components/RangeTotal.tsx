import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { rangeLabel } from '../../../ui/page-range';

type Props = {
  page: number;
  limit: number;
  total: number;
  /** False when the server stopped counting at `total` (10,000): shown as "10,000+". */
  exact: boolean;
  /** The exact count is on its way. */
  counting: boolean;
  onCountAll: () => void;
};

/** "1–50 of 1,234" above the results; a total the server capped reads "of 10,000+", with one click to count them all. */
export function RangeTotal({ page, limit, total, exact, counting, onCountAll }: Props) {
  return (
    <>
      <Typography color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {rangeLabel(page, limit, total, exact)}
      </Typography>
      {exact ? null : (
        <Button size="small" onClick={onCountAll} disabled={counting} sx={{ minWidth: 0 }}>
          {counting ? 'Counting…' : 'Count all'}
        </Button>
      )}
    </>
  );
}
