import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 20, fontWeight: 600, overflowWrap: 'anywhere' } as const;

/** Labels A and B, one under the other, on a result screen. */
export function AbPair({ a, b }: { a: string; b: string }) {
  return (
    <Box component="dl" data-testid="ab-pair" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5, textAlign: 'left', maxWidth: '100%' }}>
      <Typography component="dt" sx={{ fontSize: 18, opacity: 0.85 }}>
        A
      </Typography>
      <Typography component="dd" sx={{ m: 0, ...mono }} data-testid="ab-pair-a">
        {a}
      </Typography>
      <Typography component="dt" sx={{ fontSize: 18, opacity: 0.85 }}>
        B
      </Typography>
      <Typography component="dd" sx={{ m: 0, ...mono }} data-testid="ab-pair-b">
        {b}
      </Typography>
    </Box>
  );
}
