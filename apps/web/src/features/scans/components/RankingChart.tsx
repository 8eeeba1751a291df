import { BarChart } from '@mui/x-charts/BarChart';
import { formatNumber } from '../scan-format';
import { shortName } from '../statistics-series';

type Props = { items: readonly { name: string; count: number }[]; labelId: string; colour: string; unit: string };

/** Counts per name (service, user) as horizontal bars, the largest first. */
export function RankingChart({ items, labelId, colour, unit }: Props) {
  const rows = [...items].sort((a, b) => b.count - a.count).slice(0, 20);
  const height = Math.max(140, rows.length * 30 + 40);
  return (
    <BarChart
      aria-labelledby={labelId}
      layout="horizontal"
      height={height}
      yAxis={[{ scaleType: 'band', data: rows.map((row) => row.name), width: 130, valueFormatter: (name: string, context) => (context.location === 'tick' ? shortName(name, 18) : name) }]}
      xAxis={[{ valueFormatter: (value: number) => formatNumber(value), tickMinStep: 1 }]}
      series={[{ data: rows.map((row) => row.count), label: unit, color: colour, valueFormatter: (value: number | null) => formatNumber(value ?? 0) }]}
      hideLegend
      grid={{ vertical: true }}
      margin={{ left: 4, right: 16, top: 4, bottom: 4 }}
    />
  );
}
