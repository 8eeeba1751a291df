import { PieChart } from '@mui/x-charts/PieChart';
import { formatNumber, resultInfo } from '../scan-format';
import { share, type Statistics } from '../statistics-series';

/** The share of each result as a doughnut. */
export function ByResultChart({ stats, labelId, height }: { stats: Pick<Statistics, 'byResult' | 'total'>; labelId: string; height: number }) {
  return (
    <PieChart
      aria-labelledby={labelId}
      height={height}
      series={[
        {
          data: resultInfo.map((info) => ({ id: info.name, value: stats.byResult[info.name], label: info.label, color: info.colour })),
          innerRadius: '55%',
          paddingAngle: 1,
          cornerRadius: 3,
          valueFormatter: (item) => `${formatNumber(item.value)} (${share(item.value, stats.total)})`,
        },
      ]}
      slotProps={{ legend: { direction: 'vertical', position: { vertical: 'middle', horizontal: 'end' } } }}
    />
  );
}
