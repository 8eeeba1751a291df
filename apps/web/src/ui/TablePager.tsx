import TablePagination from '@mui/material/TablePagination';
import { rangeLabel } from './page-range';

type Props = {
  /** 1-based. */
  page: number;
  limit: number;
  total: number;
  /** False when the total is a floor ("10,000+"): the last page is unknown. */
  exact?: boolean;
  onPage: (page: number) => void;
  /** Without it the page size is fixed and no size picker shows. */
  onLimit?: (limit: number) => void;
  options?: number[];
};

/**
 * A table's pages: "1–50 of 1,234,567" with first, previous, next, last and "Per page". With a total that is not
 * exact, next stays open and last is off. On a phone the toolbar wraps, so the arrows stay on screen.
 */
export function TablePager({ page, limit, total, exact = true, onPage, onLimit, options = [25, 50, 100, 200] }: Props) {
  const sizes = onLimit === undefined ? [limit] : options.includes(limit) ? options : [...options, limit].sort((a, b) => a - b);
  return (
    <TablePagination
      component="div"
      count={exact ? total : -1}
      page={exact ? Math.max(0, Math.min(page - 1, Math.max(0, Math.ceil(total / limit) - 1))) : Math.max(0, page - 1)}
      rowsPerPage={limit}
      rowsPerPageOptions={sizes}
      onPageChange={(_event, next) => onPage(next + 1)}
      onRowsPerPageChange={(event) => onLimit?.(Number(event.target.value))}
      labelRowsPerPage="Per page"
      labelDisplayedRows={() => rangeLabel(page, limit, total, exact)}
      showFirstButton
      showLastButton
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', pl: { xs: 0 } }, '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } } }}
    />
  );
}
