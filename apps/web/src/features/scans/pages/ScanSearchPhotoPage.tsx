import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ErrorState } from '../../../ui/QueryStates';
import { TablePager } from '../../../ui/TablePager';
import { rangeLabel } from '../../../ui/page-range';
import { NoScans } from '../components/NoScans';
import { PastLastPage } from '../components/PastLastPage';
import { PhotoDialog } from '../components/PhotoDialog';
import { PhotoTile } from '../components/PhotoTile';
import { ScanSearchFrame } from '../components/ScanSearchFrame';
import { useAccountZone } from '../hooks/useAccountZone';
import { PHOTOS_PER_PAGE, useScanPhotos } from '../hooks/useScanPhotos';
import { useScanSearch } from '../hooks/useScanSearch';
import { useThrottledLiveScans } from '../hooks/useThrottledLiveScans';
import { periodLabel, plural } from '../scan-format';
import { activeFilterCount, clearedSearch } from '../search-query';

const grid = { display: 'grid', gap: { xs: 1, sm: 1.5 }, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(170px, 1fr))' }, p: 0, m: 0 };

/** /account/scans/search/photo/: the photos and signatures answered on the matching scans, newest first, a page at a time. */
export function ScanSearchPhotoPage() {
  const { search, update, replaceAll } = useScanSearch({ defaultLimit: PHOTOS_PER_PAGE });
  const accountZone = useAccountZone();
  const timeZone = search.tz ?? accountZone;
  const photos = useScanPhotos(search);
  const [open, setOpen] = useState<number | null>(null);
  // New photos land on the first page (newest scan first); other pages stay still.
  useThrottledLiveScans(() => {
    if (search.page === 1) void photos.refetch();
  }, 2000);
  const data = photos.data;

  return (
    <ScanSearchFrame view="photo" search={search} update={update} replaceAll={replaceAll} summary={data ? `${plural(data.total, 'photo')} · ${periodLabel(search)}` : undefined}>
      {photos.isPending ? (
        <Box component="ul" sx={grid} aria-label="Loading photos">
          {Array.from({ length: 12 }, (_, index) => (
            <Box component="li" key={index} sx={{ listStyle: 'none' }}>
              <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '0.78' }} />
            </Box>
          ))}
        </Box>
      ) : photos.isError ? (
        <ErrorState message={photos.error.message} onRetry={() => void photos.refetch()} />
      ) : data && data.items.length === 0 ? (
        data.total > 0 ? (
          <PastLastPage total={data.total} what="photo" onFirst={() => update({ page: 1 })} />
        ) : (
          <NoScans what="photos" filtered={activeFilterCount(search) > 0} onClear={() => replaceAll(clearedSearch(search))} />
        )
      ) : data ? (
        <Box aria-busy={photos.isFetching} sx={{ opacity: photos.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
          <Typography color="text.secondary" sx={{ mb: 1.5, fontVariantNumeric: 'tabular-nums' }}>
            {rangeLabel(search.page, search.limit, data.total)} photos and signatures
          </Typography>
          <Box component="ul" sx={grid} aria-label="Photos">
            {data.items.map((photo, index) => (
              <PhotoTile key={photo.answerId} photo={photo} timeZone={timeZone} onOpen={() => setOpen(index)} />
            ))}
          </Box>
          <TablePager page={search.page} limit={search.limit} total={data.total} onPage={(page) => update({ page })} onLimit={(limit) => update({ limit })} options={[24, 48, 96, 192]} />
          <PhotoDialog photos={data.items} index={open} onIndex={setOpen} timeZone={timeZone} />
        </Box>
      ) : null}
    </ScanSearchFrame>
  );
}
