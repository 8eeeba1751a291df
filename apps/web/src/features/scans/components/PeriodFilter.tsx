import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { metricWord } from '../scan-format';
import { isDateText, isTimeText, type PeriodMetric, type SearchState } from '../search-query';
import type { UpdateOptions } from '../hooks/useScanSearch';
import { DebouncedTextField } from './DebouncedTextField';

type Props = { search: SearchState; update: (patch: Partial<SearchState>, how?: UpdateOptions) => void; stacked?: boolean };

const metrics: readonly PeriodMetric[] = ['hour', 'day', 'week', 'month', 'year'];
const noDates = { startDate: undefined, startTime: undefined, endDate: undefined, endTime: undefined };

/** All time / the last N hours, days, weeks or months / custom dates and times (read in the search's time zone). */
export function PeriodFilter({ search, update, stacked = false }: Props) {
  const kind = search.period === 'all' && (search.startDate || search.endDate) ? 'custom' : search.period;
  const dateField = (key: 'startDate' | 'endDate', label: string) => (
    <TextField
      type="date"
      size="small"
      label={label}
      value={search[key] ?? ''}
      onChange={(event) => {
        const value = event.target.value;
        if (value === '' || isDateText(value)) update({ [key]: value || undefined, period: 'custom' });
      }}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ bgcolor: 'background.paper' }}
    />
  );
  const timeField = (key: 'startTime' | 'endTime', label: string) => (
    <TextField
      type="time"
      size="small"
      label={label}
      value={search[key] ?? ''}
      onChange={(event) => {
        const value = event.target.value;
        if (value === '' || isTimeText(value)) update({ [key]: value || undefined, period: 'custom' });
      }}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ bgcolor: 'background.paper' }}
    />
  );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', flexDirection: stacked ? 'column' : 'row', '& > *': stacked ? { width: '100%' } : {} }}>
      <TextField
        select
        size="small"
        label="Period"
        value={kind}
        onChange={(event) => {
          const next = event.target.value as SearchState['period'];
          if (next === 'all') update({ period: 'all', pMetric: 'day', pNumber: 7, ...noDates });
          else if (next === 'last') update({ period: 'last', ...noDates });
          else update({ period: 'custom', pMetric: 'day', pNumber: 7 });
        }}
        sx={{ minWidth: 140, width: stacked ? '100%' : 'auto', bgcolor: 'background.paper' }}
      >
        <MenuItem value="all">All time</MenuItem>
        <MenuItem value="last">In the last…</MenuItem>
        <MenuItem value="custom">Custom dates</MenuItem>
      </TextField>
      {kind === 'last' ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: stacked ? '1fr 1fr' : '112px 120px', gap: 1 }}>
          <DebouncedTextField
            label="How many"
            value={String(search.pNumber)}
            onCommit={(text) => {
              const n = Number(text);
              if (Number.isInteger(n) && n >= 1 && n <= 10_000) update({ pNumber: n }, { replace: true });
            }}
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
            sx={{ bgcolor: 'background.paper' }}
          />
          <TextField select size="small" label="Unit" value={search.pMetric} onChange={(event) => update({ pMetric: event.target.value as PeriodMetric })} sx={{ bgcolor: 'background.paper' }}>
            {metrics.map((metric) => (
              <MenuItem key={metric} value={metric}>
                {metricWord(metric, search.pNumber)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      ) : null}
      {kind === 'custom' ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: stacked ? '1fr 1fr' : '150px 110px 150px 110px', gap: 1 }}>
          {dateField('startDate', 'From')}
          {timeField('startTime', 'Time')}
          {dateField('endDate', 'To')}
          {timeField('endTime', 'Time')}
        </Box>
      ) : null}
    </Box>
  );
}
