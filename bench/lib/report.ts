/** One figure a benchmark reports, with the baseline it was compared to in the same run. */
export type BenchRow = { name: string; value: number; unit: string; baseline?: number; baselineName?: string; ratio?: number; goal?: string };

/** Prints rows as an aligned table. */
export function printRows(title: string, rows: BenchRow[]): void {
  process.stdout.write(`\n## ${title}\n`);
  const fmt = (n: number | undefined) => (n === undefined ? '' : n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(n >= 10 ? 1 : 3));
  for (const r of rows) {
    const base = r.baseline !== undefined ? `  baseline ${fmt(r.baseline)} ${r.unit}${r.baselineName ? ` (${r.baselineName})` : ''}` : '';
    const ratio = r.ratio !== undefined ? `  ratio ${r.ratio.toFixed(3)}` : '';
    const goal = r.goal ? `  goal ${r.goal}` : '';
    process.stdout.write(`${r.name.padEnd(52)} ${fmt(r.value).padStart(10)} ${r.unit}${base}${ratio}${goal}\n`);
  }
}
