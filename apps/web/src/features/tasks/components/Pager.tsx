import Pagination from '@mui/material/Pagination';
import Box from '@mui/material/Box';

type Props = { page: number; limit: number; total: number; onPage: (page: number) => void };

/** Page links under a list; hidden when everything fits on one page. */
export function Pager({ page, limit, total, onPage }: Props) {
  const count = Math.ceil(total / limit);
  if (count <= 1) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
      <Pagination page={page} count={count} onChange={(_event, next) => onPage(next)} aria-label="Pages" />
    </Box>
  );
}
