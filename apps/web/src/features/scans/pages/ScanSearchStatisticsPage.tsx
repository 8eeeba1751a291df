import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { ErrorState } from '../../../ui/QueryStates';
import { BucketPicker } from '../components/BucketPicker';
import { ByResultChart } from '../components/ByResultChart';
import { ChartCard } from '../components/ChartCard';
import { NoScans } from '../components/NoScans';
import { OverTimeChart } from '../components/OverTimeChart';
import { RankingChart } from '../components/RankingChart';
import { ScanSearchFrame } from '../components/ScanSearchFrame';
import { StatTotals } from '../components/StatTotals';
import { useScanSearch } from '../hooks/useScanSearch';
import { useScanStatistics } from '../hooks/useScanStatistics';
import { useThrottledLiveScans } from '../hooks/useThrottledLiveScans';
import { periodLabel, plural } from '../scan-format';
import { activeFilterCount, clearedSearch, filterBody } from '../search-query';
import type { BucketChoice } from '../statistics-series';

const bucketWords = { hour: 'hour', day: 'day', week: 'week', month: 'month' } as const;

function StatisticsSkeleton() {
  return (
    <Box role="status" aria-label="Loading statistics">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2, mb: 2 }}>
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} variant="rounded" height={96} />
        ))}
      </Box>
      <Skeleton variant="rounded" height={320} />
    </Box>
  );
}

/** /account/scans/search/statistics/: the matching scans counted over time, by service, by user and by result. */
export function ScanSearchStatisticsPage() {
  const { search, update, replaceAll } = useScanSearch();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [bucket, setBucket] = useState<BucketChoice>('auto');
  const statistics = useScanStatistics(filterBody(search), bucket);
  useThrottledLiveScans(() => void statistics.refetch(), 3000);
  const stats = statistics.data;

  return (
    <ScanSearchFrame view="statistics" search={search} update={update} replaceAll={replaceAll} summary={stats ? `${plural(stats.total, 'scan')} · ${periodLabel(search)}` : undefined}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
        <Typography sx={{ fontWeight: 600 }}>Group by</Typography>
        <BucketPicker value={bucket} onChange={setBucket} />
        {stats ? (
          <Typography variant="body2" color="text.secondary">
            One bar per {bucketWords[stats.bucket]}, in {stats.timeZone} time
          </Typography>
        ) : null}
      </Box>
      {statistics.isPending ? (
        <StatisticsSkeleton />
      ) : statistics.isError ? (
        <ErrorState message={statistics.error.message} onRetry={() => void statistics.refetch()} />
      ) : stats && stats.total === 0 ? (
        <NoScans filtered={activeFilterCount(search) > 0} onClear={() => replaceAll(clearedSearch(search))} />
      ) : stats ? (
        <Box aria-busy={statistics.isFetching} sx={{ opacity: statistics.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
          <StatTotals stats={stats} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
            <ChartCard title="Scans over time" note="Stacked by result" wide>
              {(labelId) => <OverTimeChart stats={stats} labelId={labelId} height={phone ? 240 : 300} />}
            </ChartCard>
            <ChartCard title="By result">{(labelId) => <ByResultChart stats={stats} labelId={labelId} height={phone ? 200 : 240} />}</ChartCard>
            <ChartCard title="By service">{(labelId) => <RankingChart items={stats.byService} labelId={labelId} colour="#2196F3" unit="Scans" />}</ChartCard>
            <ChartCard title="By app user" note={stats.byUser.length >= 20 ? 'The 20 users with most scans' : undefined} wide={!phone}>
              {(labelId) => <RankingChart items={stats.byUser} labelId={labelId} colour="#5e35b1" unit="Scans" />}
            </ChartCard>
          </Box>
        </Box>
      ) : null}
    </ScanSearchFrame>
  );
}
