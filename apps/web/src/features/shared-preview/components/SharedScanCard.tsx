import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { PortalScan } from '@scanbase/contracts/portals';
import { ScanStatusChip } from './ScanStatusChip';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One scan of the user portal; its answers show when expanded. */
export function SharedScanCard({ scan, expanded, onToggle }: { scan: PortalScan; expanded: boolean; onToggle: () => void }) {
  const detailsId = `scan-${scan.id}-details`;
  return (
    <Card component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }} aria-label={`Scan ${scan.value}`}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.05rem', overflowWrap: 'anywhere', flex: '1 1 160px' }}>
          {scan.value}
        </Typography>
        <ScanStatusChip status={scan.status} />
      </Box>
      {scan.response ? (
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {scan.response}
        </Typography>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {when(scan.scannedAt)} · {scan.service.name}
        {scan.username ? ` · ${scan.username}` : ''}
      </Typography>
      {scan.answers.length > 0 ? (
        <>
          <Button size="small" onClick={onToggle} aria-expanded={expanded} aria-controls={detailsId} sx={{ mt: 1, px: 0 }}>
            {expanded ? 'Hide answers' : `Show answers (${scan.answers.length})`}
          </Button>
          {expanded ? (
            <Box component="dl" id={detailsId} sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5 }}>
              {scan.answers.map((a, i) => (
                <Box key={i} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {a.question}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                    {a.answer}
                  </Typography>
                </Box>
              ))}
            </Box>
          ) : null}
        </>
      ) : null}
    </Card>
  );
}
