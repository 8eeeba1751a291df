import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatNumber, resultInfo } from '../scan-format';
import { share, type Statistics } from '../statistics-series';

/** The figures above the charts: all matching scans, then each result with its share. */
export function StatTotals({ stats }: { stats: Pick<Statistics, 'total' | 'byResult'> }) {
  const tiles = [
    { key: 'total', label: 'Scans', value: stats.total, colour: '#1f2a37', note: 'matching the filters' },
    ...resultInfo.map((info) => ({ key: info.name, label: info.label, value: stats.byResult[info.name], colour: info.colour, note: `${share(stats.byResult[info.name], stats.total)} of them` })),
  ];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: { xs: 1, sm: 2 }, mb: 2 }}>
      {tiles.map((tile) => (
        <Paper key={tile.key} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
          <Typography sx={{ fontSize: { xs: 24, sm: 30 }, fontWeight: 700, color: tile.colour, lineHeight: 1.2, fontVariantNumeric: 'tabular-nums' }} data-testid={`stat-${tile.key}`}>
            {formatNumber(tile.value)}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {tile.label}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {tile.note}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
