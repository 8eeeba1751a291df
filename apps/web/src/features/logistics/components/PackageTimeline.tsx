import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { LogisticsEvent } from '@scanbase/contracts/logistics';
import type { ScanLocation } from '@scanbase/contracts/scan-data';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { AnswerImage } from '../../scans/components/AnswerImage';
import { ScanMap } from '../../scans/components/ScanMap';
import { editScanHref } from '../../scans/components/ScanTable';
import { formatScanDateTime, statusColour } from '../../scans/scan-format';
import { useLogisticsTimeline } from '../hooks/useLogisticsTimeline';
import { StageChip } from './PackageList';

const editLink = (scanId: number) => ({ href: editScanHref(scanId), label: 'Open this scan' });

function points(events: LogisticsEvent[]): ScanLocation[] {
  return events.flatMap((e) => (e.latitude !== null && e.longitude !== null ? [{ scanId: e.scanId, latitude: e.latitude, longitude: e.longitude, value: e.stage ?? '(no stage)', status: e.status, serviceName: e.by ?? '', scannedAt: e.scannedAt }] : []));
}

type Props = { id: number; value: string; timeZone: string | undefined; onClose: () => void };

/** One package: where it is, its scans oldest first (with the proof of delivery) and where each happened on a map. */
export function PackageTimeline({ id, value, timeZone, onClose }: Props) {
  const timeline = useLogisticsTimeline(id, value);
  const data = timeline.data;
  const located = data ? points(data.events) : [];
  return (
    <Paper component="section" variant="outlined" aria-labelledby="timeline-title" sx={{ p: { xs: 1.5, sm: 2.5 }, mb: 3 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
        <Typography id="timeline-title" variant="h2" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
          Package <Box component="span" sx={{ fontFamily: 'ui-monospace, monospace' }}>{value}</Box>
        </Typography>
        {data?.package ? <StageChip pkg={data.package} /> : null}
        <Button onClick={onClose}>Close</Button>
      </Box>
      {timeline.isPending ? (
        <LoadingState label="Loading the timeline…" />
      ) : timeline.isError ? (
        <ErrorState message={timeline.error.message} onRetry={() => void timeline.refetch()} />
      ) : data && data.events.length === 0 ? (
        <Typography color="text.secondary">No scan of this package yet.</Typography>
      ) : data ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 2.5 }}>
          <Box component="ol" aria-label="Timeline" sx={{ listStyle: 'none', p: 0, m: 0, borderLeft: '3px solid', borderColor: 'divider', pl: 2 }}>
            {data.events.map((e) => (
              <Box component="li" key={e.scanId} sx={{ mb: 2, position: 'relative' }}>
                <Box aria-hidden sx={{ position: 'absolute', left: -25, top: 4, width: 13, height: 13, borderRadius: '50%', bgcolor: statusColour(e.status), border: '2px solid #fff' }} />
                <Typography sx={{ fontWeight: 700 }}>
                  {e.stage ?? 'No stage'}
                  {e.status === 1 ? '' : ' (refused)'}
                </Typography>
                <Typography color="text.secondary" sx={{ fontSize: 14 }}>
                  {formatScanDateTime(e.scannedAt, timeZone)}
                  {e.by ? ` · ${e.by}` : ''}
                  {e.latitude !== null && e.longitude !== null ? ` · ${e.latitude.toFixed(4)}, ${e.longitude.toFixed(4)}` : ' · no location'}
                </Typography>
                <Typography sx={{ fontSize: 14 }}>{e.response}</Typography>
                {e.recipient ? <Typography sx={{ fontSize: 14 }}>Received by {e.recipient}</Typography> : null}
                {e.photoAnswerId !== null || e.signatureAnswerId !== null ? (
                  <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
                    {e.photoAnswerId !== null ? <AnswerImage answerId={e.photoAnswerId} alt={`Delivery photo of ${value}`} width={96} height={96} /> : null}
                    {e.signatureAnswerId !== null ? <AnswerImage answerId={e.signatureAnswerId} alt={`Signature for ${value}`} width={160} height={96} fit="contain" background="#fff" /> : null}
                  </Box>
                ) : null}
              </Box>
            ))}
            {data.truncated ? <Typography color="text.secondary">Only the first 500 scans are shown.</Typography> : null}
          </Box>
          <Box>
            {located.length > 0 ? (
              <ScanMap points={located} tileUrl={data.tileUrl} attribution={data.attribution} timeZone={timeZone ?? 'UTC'} fitKey={`${id}:${value}:${located.length}`} height={360} scanLink={editLink} />
            ) : (
              <Typography color="text.secondary">No scan of this package has a location.</Typography>
            )}
          </Box>
        </Box>
      ) : null}
    </Paper>
  );
}
