import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UsageRow } from '@scanbase/contracts/billing';
import { usagePercent, usageText } from '../billing-text';

/** Usage against each limit of the plan, one labelled bar per limit (no bar where the plan sets none). */
export function UsageBars({ usage }: { usage: UsageRow[] }) {
  return (
    <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Usage against your plan's limits">
      {usage.map((row) => {
        const percent = usagePercent(row);
        const over = row.limit >= 0 && row.used > row.limit;
        return (
          <Box component="li" key={row.key}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mb: 0.5 }}>
              <Typography variant="body2" id={`usage-${row.key}`}>
                {row.label}
              </Typography>
              <Typography variant="body2" color={over ? 'error' : 'text.secondary'} data-testid={`usage-${row.key}`}>
                {usageText(row)}
                {over ? ' (over the limit)' : ''}
              </Typography>
            </Box>
            <LinearProgress
              variant="determinate"
              value={percent}
              color={over ? 'error' : percent >= 80 ? 'warning' : 'primary'}
              aria-labelledby={`usage-${row.key}`}
              aria-valuetext={usageText(row)}
              sx={{ height: 8, borderRadius: 4 }}
            />
          </Box>
        );
      })}
    </Stack>
  );
}
