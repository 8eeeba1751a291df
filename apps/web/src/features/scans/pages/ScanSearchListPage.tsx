import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ErrorState } from '../../../ui/QueryStates';
import { TablePager } from '../../../ui/TablePager';
import { CompactScanList } from '../components/CompactScanList';
import { NewScansChip } from '../components/NewScansChip';
import { NoScans } from '../components/NoScans';
import { PastLastPage } from '../components/PastLastPage';
import { PhoneSortField } from '../components/PhoneSortField';
import { ResultsSkeleton } from '../components/ResultsSkeleton';
import { RangeTotal } from '../components/RangeTotal';
import { ScanSearchFrame } from '../components/ScanSearchFrame';
import { useAccountZone } from '../hooks/useAccountZone';
import { useNewScans } from '../hooks/useNewScans';
import { useCountAll, useScanResults } from '../hooks/useScanResults';
import { useScanSearch } from '../hooks/useScanSearch';
import { periodLabel, pluralTotal } from '../scan-format';
import { activeFilterCount, clearedSearch } from '../search-query';

/** /account/scans/search/list/: the matching scans as a dense list (value, result, service, user, time). */
export function ScanSearchListPage() {
  const { search, update, replaceAll } = useScanSearch();
  const accountZone = useAccountZone();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [countAll, requestCountAll] = useCountAll(search);
  const results = useScanResults(search, countAll);
  const newCount = useNewScans({ search, shownTotal: results.data?.total, refetch: results.refetch });
  const sort = { by: search.sortBy, order: search.sortOrder };
  const onSort = (next: typeof sort) => update({ sortBy: next.by, sortOrder: next.order });
  const data = results.data;
  return (
    <ScanSearchFrame view="list" search={search} update={update} replaceAll={replaceAll} summary={data ? `${pluralTotal(data.total, data.totalExact, 'scan')} · ${periodLabel(search)}` : undefined}>
      <Box sx={{ display: data?.total === 0 ? 'none' : 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1.5, minHeight: 40 }}>
        {data ? <RangeTotal page={search.page} limit={search.limit} total={data.total} exact={data.totalExact} counting={countAll && results.isFetching && !data.totalExact} onCountAll={requestCountAll} /> : <Typography color="text.secondary"> </Typography>}
        <NewScansChip count={newCount} onShow={() => update({ page: 1, sortBy: 'scanned_at', sortOrder: 'desc' })} />
        <Box sx={{ flexGrow: 1 }} />
        {phone ? <PhoneSortField sort={sort} onSort={onSort} /> : null}
      </Box>
      {results.isPending ? (
        <ResultsSkeleton dense rows={12} />
      ) : results.isError ? (
        <ErrorState message={results.error.message} onRetry={() => void results.refetch()} />
      ) : data && data.items.length === 0 ? (
        data.total > 0 ? (
          <PastLastPage total={data.total} onFirst={() => update({ page: 1 })} />
        ) : (
          <NoScans filtered={activeFilterCount(search) > 0} onClear={() => replaceAll(clearedSearch(search))} />
        )
      ) : data ? (
        <Box sx={{ opacity: results.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={results.isFetching}>
          <CompactScanList rows={data.items} sort={sort} onSort={onSort} timeZone={search.tz ?? accountZone} receivedTime={search.dataReceived} />
          <TablePager page={search.page} limit={search.limit} total={data.total} exact={data.totalExact} onPage={(page) => update({ page })} onLimit={(limit) => update({ limit })} options={[50, 100, 200, 500]} />
        </Box>
      ) : null}
    </ScanSearchFrame>
  );
}
