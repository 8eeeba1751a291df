import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

type Counts = { last24Hours: number; valid: number; invalid: number; notValidated: number };

const tiles: { key: keyof Counts; label: string; colour: string }[] = [
  { key: 'last24Hours', label: 'Scans in the last 24 hours', colour: '#1f2a37' },
  { key: 'valid', label: 'Valid', colour: '#1b5e20' },
  { key: 'invalid', label: 'Invalid', colour: '#b71c1c' },
  { key: 'notValidated', label: 'Recorded, not validated', colour: '#3d4a5c' },
];

/** The dashboard's figures (from scans/recent), updated with every arriving scan. */
export function ScanCounts({ counts }: { counts: Counts }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: { xs: 1.5, sm: 2 } }}>
      {tiles.map((tile) => (
        <Paper key={tile.key} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
          <Typography sx={{ fontSize: { xs: 26, sm: 30 }, fontWeight: 700, color: tile.colour, lineHeight: 1.2 }} data-testid={`count-${tile.key}`}>
            {counts[tile.key].toLocaleString('en-US')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {tile.label}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
