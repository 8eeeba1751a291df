import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { LogisticsPackage } from '@scanbase/contracts/logistics';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { TablePager } from '../../../ui/TablePager';
import { formatScanDateTime } from '../../scans/scan-format';
import { useLogisticsPackages } from '../hooks/useLogisticsPackages';
import { ageText } from '../logistics-settings';

/** A package's stage: green once delivered, red when late. */
export function StageChip({ pkg }: { pkg: Pick<LogisticsPackage, 'stage' | 'final' | 'late'> }) {
  const colours = pkg.final ? { bgcolor: '#d9f2df', color: '#145c27' } : pkg.late ? { bgcolor: '#fde2e1', color: '#8c1d18' } : { bgcolor: '#e3e9f4', color: '#1c3f75' };
  return <Chip size="small" label={pkg.late ? `${pkg.stage} · late` : pkg.stage} sx={{ fontWeight: 700, ...colours }} />;
}

type Props = { id: number; timeZone: string | undefined; onOpen: (value: string) => void };

/** Where every package is: counts, search, the late filter and a paged table. */
export function PackageList({ id, timeZone, onOpen }: Props) {
  const [search, setSearch] = useState('');
  const [late, setLate] = useState(false);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(25);
  const packages = useLogisticsPackages({ id, page, limit, search, late });
  const [now] = useState(() => Date.now());
  const data = packages.data;
  return (
    <Box component="section" aria-labelledby="packages-title">
      <Typography id="packages-title" variant="h2" sx={{ mb: 1 }}>
        Packages
      </Typography>
      {data ? (
        <Typography role="status" color="text.secondary" sx={{ mb: 1.5 }}>
          {data.counts.packages} package{data.counts.packages === 1 ? '' : 's'} · {data.counts.delivered} delivered · <Box component="span" sx={{ color: data.counts.late > 0 ? 'error.main' : undefined, fontWeight: data.counts.late > 0 ? 700 : undefined }}>{data.counts.late} late</Box>
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 1.5 }}>
        <TextField size="small" type="search" label="Search packages" value={search} onChange={(event) => { setSearch(event.target.value); setPage(1); }} sx={{ flex: '1 1 240px' }} />
        <FormControlLabel control={<Switch checked={late} onChange={(event) => { setLate(event.target.checked); setPage(1); }} />} label="Only late packages" />
      </Box>
      {packages.isPending ? (
        <LoadingState label="Loading packages…" />
      ) : packages.isError ? (
        <ErrorState message={packages.error.message} onRetry={() => void packages.refetch()} />
      ) : data && data.items.length === 0 ? (
        <Typography color="text.secondary">{search || late ? 'Nothing matches.' : 'No package scanned yet: packages appear here from their first scan.'}</Typography>
      ) : data ? (
        <>
          <TableContainer>
            <Table size="small" aria-label="Packages and where they are">
              <TableHead>
                <TableRow>
                  <TableCell>Package</TableCell>
                  <TableCell>Stage</TableCell>
                  <TableCell>Since</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Where</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>By</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.items.map((pkg) => (
                  <TableRow key={pkg.value} hover>
                    <TableCell sx={{ fontFamily: 'ui-monospace, monospace', overflowWrap: 'anywhere' }}>
                      <Link component="button" type="button" onClick={() => onOpen(pkg.value)} sx={{ fontFamily: 'inherit', textAlign: 'left' }}>
                        {pkg.value}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <StageChip pkg={pkg} />
                    </TableCell>
                    <TableCell>
                      {formatScanDateTime(pkg.since, timeZone)}
                      <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: 13 }}>
                        {ageText(pkg.since, now)}
                      </Box>
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{pkg.latitude !== null && pkg.longitude !== null ? `${pkg.latitude.toFixed(4)}, ${pkg.longitude.toFixed(4)}` : '—'}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{pkg.by ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePager page={page} limit={limit} total={data.total} options={[25, 50, 100]} onPage={setPage} onLimit={(next) => { setLimit(next); setPage(1); }} />
        </>
      ) : null}
    </Box>
  );
}
