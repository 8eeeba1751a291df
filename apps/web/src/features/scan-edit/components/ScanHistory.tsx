import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ScanEdit } from '@scanbase/contracts/scanner';
import { FormSection } from '../../tasks/components/FormSection';
import { changeText, formatFullTime, newestFirst } from '../scan-edit-form';

/** The changes made to a scan, newest first: who, when, and each field from → to. */
export function ScanHistory({ history, timeZone }: { history: readonly ScanEdit[]; timeZone: string | undefined }) {
  const entries = newestFirst(history);
  return (
    <FormSection title="History">
      {entries.length === 0 ? (
        <Box sx={{ display: 'flex', gap: 1, color: 'text.secondary' }}>
          <HistoryOutlined fontSize="small" />
          <Typography variant="body2">Not changed since it was scanned. Each save adds an entry here.</Typography>
        </Box>
      ) : (
        <Box component="ol" aria-label="Changes, newest first" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {entries.map((entry) => (
            <Box component="li" key={entry.id} sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0, pt: 0 } }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {entry.editor || 'Someone'}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                <time dateTime={entry.at}>{formatFullTime(entry.at, timeZone)}</time>
              </Typography>
              <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                {entry.changes.map((change, index) => (
                  <Typography component="li" variant="body2" key={`${change.field}-${index}`} sx={{ overflowWrap: 'anywhere' }}>
                    <strong>{change.field}</strong>: {changeText(change.from)} <span aria-label="changed to">→</span> {changeText(change.to)}
                  </Typography>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </FormSection>
  );
}
