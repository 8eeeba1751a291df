import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { RouteReply } from '@scanbase/contracts/route';
import type { testFileStore } from '@scanbase/contracts/file-storage';

const stepLabels = { connect: 'Connect', write: 'Write a test file', delete: 'Delete it again' } as const;

/** The steps of "Test connection", each with what the store answered. */
export function StoreTestResult({ result }: { result: RouteReply<typeof testFileStore> }) {
  return (
    <Box role={result.ok ? 'status' : 'alert'} sx={{ mt: 1.5, p: 1.5, borderRadius: 2, bgcolor: result.ok ? '#e8f5e9' : '#fdecea', color: result.ok ? '#1b5e20' : '#8a1c1c' }}>
      <Typography sx={{ fontWeight: 600, mb: 0.5 }}>{result.ok ? 'The connection works.' : 'The test failed.'}</Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
        {result.steps.map((s) => (
          <Box component="li" key={s.step} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            {s.ok ? <CheckCircleOutline fontSize="small" aria-hidden /> : <ErrorOutline fontSize="small" aria-hidden />}
            <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
              <strong>
                {stepLabels[s.step]}: {s.ok ? 'done' : 'failed'}.
              </strong>{' '}
              {s.message}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
