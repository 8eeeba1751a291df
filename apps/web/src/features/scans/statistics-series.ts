import type { RouteReply } from '@scanbase/contracts';
import type { scanStatistics } from '@scanbase/contracts/scan-data';

export type Statistics = RouteReply<typeof scanStatistics>;
export type Bucket = Statistics['bucket'];
export type BucketChoice = Bucket | 'auto';

/** The bucket sizes offered above the charts. */
export const bucketChoices: readonly { value: BucketChoice; label: string }[] = [
  { value: 'auto', label: 'Automatic' },
  { value: 'hour', label: 'Hour' },
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A bucket's label from its start (`YYYY-MM-DD HH:MM`, wall-clock in the search zone): "3 Mar 14:00" for hours,
 * "3 Mar" for days, "Week of 3 Mar" for weeks, "Mar 2026" for months; the year is added to days and weeks
 * when the buckets span more than one year.
 */
export function bucketLabel(start: string, bucket: Bucket, withYear = false): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?/.exec(start);
  if (!match) return start;
  const [, y, m, d, hh = '00', mm = '00'] = match;
  const month = MONTHS[Number(m) - 1] ?? m;
  const day = `${Number(d)} ${month}${withYear ? ` ${y}` : ''}`;
  switch (bucket) {
    case 'hour': return `${day} ${hh}:${mm}`;
    case 'day': return day;
    case 'week': return `Week of ${day}`;
    case 'month': return `${month} ${y}`;
  }
}

/** The over-time chart's data: one label per bucket and one series per result. */
export function overTimeSeries(stats: Pick<Statistics, 'overTime' | 'bucket'>): { labels: string[]; valid: number[]; invalid: number[]; notValidated: number[] } {
  const years = new Set(stats.overTime.map((point) => point.start.slice(0, 4)));
  const withYear = years.size > 1 && stats.bucket !== 'month';
  return {
    labels: stats.overTime.map((point) => bucketLabel(point.start, stats.bucket, withYear)),
    valid: stats.overTime.map((point) => point.valid),
    invalid: stats.overTime.map((point) => point.invalid),
    notValidated: stats.overTime.map((point) => point.notValidated),
  };
}

/** The share of a count in a total as "42 %" (one decimal below 10 %, "—" for an empty total). */
export function share(count: number, total: number): string {
  if (total <= 0) return '—';
  const percent = (count / total) * 100;
  if (percent > 0 && percent < 10) return `${percent.toFixed(1)} %`;
  return `${Math.round(percent)} %`;
}

/** Long names cut for an axis ("Very long service na…"); the tooltip still shows the whole name. */
export function shortName(name: string, max = 22): string {
  return name.length > max ? `${name.slice(0, max - 1)}…` : name;
}
