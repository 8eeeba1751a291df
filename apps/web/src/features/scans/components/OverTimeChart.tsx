import { BarChart } from '@mui/x-charts/BarChart';
import { formatNumber, resultInfo } from '../scan-format';
import { overTimeSeries, type Statistics } from '../statistics-series';

/** Scans per bucket, stacked by result (valid, invalid, not validated). */
export function OverTimeChart({ stats, labelId, height }: { stats: Pick<Statistics, 'overTime' | 'bucket'>; labelId: string; height: number }) {
  const series = overTimeSeries(stats);
  return (
    <BarChart
      aria-labelledby={labelId}
      height={height}
      xAxis={[{ scaleType: 'band', data: series.labels, tickLabelStyle: { fontSize: 11 } }]}
      yAxis={[{ width: 48, tickMinStep: 1, valueFormatter: (value: number) => formatNumber(value) }]}
      series={resultInfo.map((info) => ({ data: series[info.name], label: info.label, color: info.colour, stack: 'results', valueFormatter: (value: number | null) => formatNumber(value ?? 0) }))}
      grid={{ horizontal: true }}
      margin={{ left: 4, right: 8, top: 8, bottom: 4 }}
      slotProps={{ legend: { position: { vertical: 'top', horizontal: 'end' } } }}
    />
  );
}
