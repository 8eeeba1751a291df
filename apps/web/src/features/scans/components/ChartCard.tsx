import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** A titled panel around one chart; the chart is labelled by the title for screen readers. */
export function ChartCard({ title, note, children, wide = false }: { title: string; note?: string; children: (labelId: string) => ReactNode; wide?: boolean }) {
  const id = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 1.5, sm: 2 }, gridColumn: wide ? '1 / -1' : undefined, minWidth: 0 }}>
      <Typography id={id} variant="h3" component="h2">
        {title}
      </Typography>
      {note ? (
        <Typography variant="body2" color="text.secondary">
          {note}
        </Typography>
      ) : null}
      {children(id)}
    </Paper>
  );
}
