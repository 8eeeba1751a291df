import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CheckState } from '@scanbase/contracts/check-in-out';
import { RouterLink } from '../../../ui/RouterLink';
import { TablePager } from '../../../ui/TablePager';
import { sinceText } from '../check-in-out-settings';

type Props = {
  items: CheckState[];
  total: number;
  page: number;
  limit: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
  /** The value's page (the portal's history), when there is one. */
  href?: (value: string) => string;
  /** Opens the value's history in place (the admin roster). */
  onOpen?: (value: string) => void;
  caption: string;
};

/** A state chip: In green, Out grey-blue. */
export function StateChip({ state }: { state: 'in' | 'out' }) {
  return <Chip size="small" label={state === 'in' ? 'In' : 'Out'} sx={{ fontWeight: 700, bgcolor: state === 'in' ? '#d9f2df' : '#e3e9f4', color: state === 'in' ? '#145c27' : '#1c3f75' }} />;
}

/** The roster: each value with its state, since when and who moved it last; paged. */
export function RosterTable({ items, total, page, limit, onPage, onLimit, href, onOpen, caption }: Props) {
  return (
    <Box>
      <TableContainer>
        <Table size="small" aria-label={caption}>
          <TableHead>
            <TableRow>
              <TableCell>Value</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Since</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>By</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.value} data-testid="roster-row">
                <TableCell sx={{ fontFamily: 'ui-monospace, monospace', overflowWrap: 'anywhere', maxWidth: 320 }}>
                  {href ? (
                    <Link component={RouterLink} href={href(item.value)}>
                      {item.value}
                    </Link>
                  ) : onOpen ? (
                    <Link component="button" type="button" onClick={() => onOpen(item.value)} sx={{ fontFamily: 'inherit', textAlign: 'left', overflowWrap: 'anywhere' }}>
                      {item.value}
                    </Link>
                  ) : (
                    item.value
                  )}
                </TableCell>
                <TableCell>
                  <StateChip state={item.state} />
                </TableCell>
                <TableCell>
                  <time dateTime={item.since}>{sinceText(item.since)}</time>
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                    {item.by ?? ''}
                  </Typography>
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{item.by ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePager page={page} limit={limit} total={total} options={[25, 50, 100]} onPage={onPage} onLimit={onLimit} />
    </Box>
  );
}
