import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** The counts in and out, large. */
export function RosterCounts({ counts }: { counts: { in: number; out: number } }) {
  const box = (label: string, n: number, colour: string, testId: string) => (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 120 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography data-testid={testId} sx={{ fontSize: 32, fontWeight: 800, color: colour }}>
        {n.toLocaleString()}
      </Typography>
    </Paper>
  );
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      {box('In now', counts.in, '#145c27', 'count-in')}
      {box('Out', counts.out, '#1c3f75', 'count-out')}
    </Box>
  );
}
