import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import type { OccurrenceReport } from '@scanbase/contracts/attendance';

/** Present, late, excused and absent per occurrence, stacked (the table beside it carries the same numbers as text). */
export function AttendanceChart({ items, labelId }: { items: readonly OccurrenceReport[]; labelId: string }) {
  const theme = useTheme();
  const rows = items.slice(-40);
  const labels = rows.map((o) => `${o.date.slice(5)} ${o.startTime}`);
  const series = [
    { key: 'present', label: 'Present', color: theme.palette.success.main },
    { key: 'late', label: 'Late', color: theme.palette.warning.main },
    { key: 'excused', label: 'Excused', color: theme.palette.info.main },
    { key: 'absent', label: 'Absent', color: theme.palette.error.main },
  ] as const;
  return (
    <BarChart
      aria-labelledby={labelId}
      height={260}
      xAxis={[{ scaleType: 'band', data: labels, tickLabelStyle: { fontSize: 11 } }]}
      yAxis={[{ width: 40, tickMinStep: 1 }]}
      series={series.map((s) => ({ data: rows.map((o) => o[s.key] + (s.key === 'absent' ? o.unmarked : 0)), label: s.label, color: s.color, stack: 'people' }))}
      grid={{ horizontal: true }}
      margin={{ left: 4, right: 8, top: 8, bottom: 4 }}
      slotProps={{ legend: { position: { vertical: 'top', horizontal: 'end' } } }}
    />
  );
}
