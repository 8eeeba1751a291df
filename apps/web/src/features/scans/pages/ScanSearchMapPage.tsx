import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { EmptyState, ErrorState } from '../../../ui/QueryStates';
import { NoScans } from '../components/NoScans';
import { ScanMap } from '../components/ScanMap';
import { ScanSearchFrame } from '../components/ScanSearchFrame';
import { editScanHref } from '../components/ScanTable';
import { useAccountZone } from '../hooks/useAccountZone';
import { useScanLocations } from '../hooks/useScanLocations';
import { useScanSearch } from '../hooks/useScanSearch';
import { useScanTotal } from '../hooks/useScanTotal';
import { useThrottledLiveScans } from '../hooks/useThrottledLiveScans';
import { MarkerLegend } from '../components/MarkerLegend';
import { locationSummary } from '../map-points';
import { periodLabel, plural } from '../scan-format';
import { activeFilterCount, clearedSearch, filterBody } from '../search-query';

const editLink = (scanId: number) => ({ href: editScanHref(scanId), label: 'Edit this scan' });

/** /account/scans/search/map/: where the matching scans were taken (their gps_location), clustered, newest 5,000. */
export function ScanSearchMapPage() {
  const { search, update, replaceAll } = useScanSearch();
  const accountZone = useAccountZone();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const filters = filterBody(search);
  const locations = useScanLocations(filters);
  const matching = useScanTotal(filters);
  useThrottledLiveScans(() => {
    void locations.refetch();
    void matching.refetch();
  }, 5000);
  const data = locations.data;
  const summary = data ? locationSummary(data.points.length, data.total, matching.data) : undefined;

  return (
    <ScanSearchFrame view="map" search={search} update={update} replaceAll={replaceAll} summary={matching.data !== undefined ? `${plural(matching.data, 'scan')} · ${periodLabel(search)}` : undefined}>
      {locations.isPending ? (
        <Skeleton variant="rounded" height={phone ? 420 : 600} aria-label="Loading the map" />
      ) : locations.isError ? (
        <ErrorState message={locations.error.message} onRetry={() => void locations.refetch()} />
      ) : data && data.total === 0 ? (
        matching.data === 0 ? (
          <NoScans filtered={activeFilterCount(search) > 0} onClear={() => replaceAll(clearedSearch(search))} />
        ) : (
          <EmptyState title="No location on these scans">
            {matching.data !== undefined ? `None of the ${plural(matching.data, 'matching scan')} carries a location. ` : ''}
            Scans get one when their service has GPS turned on (Services → Advanced) and the phone allows location: the scanner sends it as the
            gps_location property.
          </EmptyState>
        )
      ) : data ? (
        <Box aria-busy={locations.isFetching}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1.5 }}>
            <Typography sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexGrow: 1 }} role="status">
              <PlaceOutlined fontSize="small" color="primary" />
              {summary}
            </Typography>
            <MarkerLegend />
          </Box>
          <ScanMap
            points={data.points}
            tileUrl={data.tileUrl}
            attribution={data.attribution}
            timeZone={search.tz ?? accountZone}
            fitKey={locations.isPlaceholderData ? null : JSON.stringify(filters)}
            height={phone ? '62vh' : 600}
            scanLink={editLink}
          />
        </Box>
      ) : null}
    </ScanSearchFrame>
  );
}
