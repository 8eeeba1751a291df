import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useFileStorageCopies } from '../hooks/useFileStorageCopies';

/** On a run's page: where its file was copied ("Copied to <store>"), is being copied, or why the copy failed. */
export function RunFileCopies({ jobId, hasFile }: { jobId: number; hasFile: boolean }) {
  const copies = useFileStorageCopies(jobId, hasFile);
  const items = copies.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Box component="ul" aria-label="Copies to file storage" sx={{ listStyle: 'none', m: 0, mt: 1.5, p: 0, display: 'grid', gap: 1 }}>
      {items.map((c) => (
        <Box
          component="li"
          key={c.id}
          sx={{ p: 1.5, borderRadius: 2, bgcolor: c.state === 'copied' ? '#e8f5e9' : c.state === 'failed' ? '#fdecea' : '#e9f1fe', color: c.state === 'copied' ? '#1b5e20' : c.state === 'failed' ? '#8a1c1c' : '#0d47a1' }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {c.state === 'copied' ? `Copied to ${c.storeName}` : c.state === 'failed' ? `Not copied to ${c.storeName}` : `Copying to ${c.storeName}…`}
          </Typography>
          {c.state === 'copied' ? (
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              {c.remotePath}
            </Typography>
          ) : c.error ? (
            <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
              {c.error}
            </Typography>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}
