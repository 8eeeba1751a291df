import TablePagination from '@mui/material/TablePagination';
import { rangeLabel } from '../scan-format';

type Props = { page: number; limit: number; total: number; onPage: (page: number) => void; onLimit: (limit: number) => void; options?: number[] };

/** "1–50 of 1,234,567" with previous/next and the page size. */
export function ScanPagination({ page, limit, total, onPage, onLimit, options = [25, 50, 100, 200] }: Props) {
  const sizes = options.includes(limit) ? options : [...options, limit].sort((a, b) => a - b);
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.max(0, Math.min(page - 1, Math.max(0, Math.ceil(total / limit) - 1)))}
      rowsPerPage={limit}
      rowsPerPageOptions={sizes}
      onPageChange={(_event, next) => onPage(next + 1)}
      onRowsPerPageChange={(event) => onLimit(Number(event.target.value))}
      labelRowsPerPage="Per page"
      labelDisplayedRows={() => rangeLabel(page, limit, total)}
      showFirstButton
      showLastButton
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', pl: { xs: 0 } }, '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } } }}
    />
  );
}
