import TablePagination from '@mui/material/TablePagination';
import { rangeLabel } from '../scan-format';

type Props = { page: number; limit: number; total: number; /** False when the total is a floor ("10,000+"): the last page is unknown. */ exact?: boolean; onPage: (page: number) => void; onLimit: (limit: number) => void; options?: number[] };

/** "1–50 of 1,234,567" with previous/next and the page size; with a total that is not exact, next stays open and last is off. */
export function ScanPagination({ page, limit, total, exact = true, onPage, onLimit, options = [25, 50, 100, 200] }: Props) {
  const sizes = options.includes(limit) ? options : [...options, limit].sort((a, b) => a - b);
  return (
    <TablePagination
      component="div"
      count={exact ? total : -1}
      page={exact ? Math.max(0, Math.min(page - 1, Math.max(0, Math.ceil(total / limit) - 1))) : Math.max(0, page - 1)}
      rowsPerPage={limit}
      rowsPerPageOptions={sizes}
      onPageChange={(_event, next) => onPage(next + 1)}
      onRowsPerPageChange={(event) => onLimit(Number(event.target.value))}
      labelRowsPerPage="Per page"
      labelDisplayedRows={() => rangeLabel(page, limit, total, exact)}
      showFirstButton
      showLastButton
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', pl: { xs: 0 } }, '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } } }}
    />
  );
}
