import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { resultLegend } from '../result-legend';

/** The scanner's result screens in miniature (its own colours and headlines), each with what it means. */
export function ResultLegendList() {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {resultLegend.map((entry) => (
        <Box component="li" key={entry.title} data-tone={entry.tone} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: { xs: 1, sm: 2 }, alignItems: 'start' }}>
          <Box sx={{ bgcolor: entry.colour, color: '#fff', borderRadius: 2, px: 2, py: 1.5, textAlign: 'center' }}>
            <Typography component="span" sx={{ display: 'block', fontSize: 13, fontWeight: 600, textTransform: 'uppercase', letterSpacing: '0.06em' }}>
              {entry.colourName}
            </Typography>
            <Typography component="span" sx={{ display: 'block', fontSize: 22, fontWeight: 800, lineHeight: 1.2 }}>
              {entry.title}
            </Typography>
          </Box>
          <Box>
            <Typography>{entry.meaning}</Typography>
            <Typography color="text.secondary" sx={{ fontSize: 14, mt: 0.5 }}>
              Sound: {entry.feedback}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
