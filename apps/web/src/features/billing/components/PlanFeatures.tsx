import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { planFeatureKeys, planFeatureLabels, planLimitKeys, planLimitLabels, type Plan } from '@scanbase/contracts/billing';
import { limitText } from '../billing-text';

const limitNames: Record<string, string> = { ...planLimitLabels, scansPerMonth: 'Scans per month', apiPerMinute: 'API calls per minute', apiPerDay: 'API calls per day' };

/** A plan's limits and features as a list. */
export function PlanFeatures({ plan }: { plan: Plan }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, '& li': { display: 'flex', gap: 1, alignItems: 'center', py: 0.25 } }}>
      {planLimitKeys.map((key) => (
        <li key={key}>
          <Typography variant="body2" sx={{ flexGrow: 1 }}>
            {limitNames[key]}
          </Typography>
          <Typography variant="body2" fontWeight={600}>
            {limitText(plan.limits[key] ?? -1)}
          </Typography>
        </li>
      ))}
      {planFeatureKeys.map((key) => {
        const on = plan.features[key] !== false;
        return (
          <li key={key}>
            {on ? <CheckIcon fontSize="small" color="success" aria-hidden /> : <CloseIcon fontSize="small" color="disabled" aria-hidden />}
            <Typography variant="body2" color={on ? 'text.primary' : 'text.secondary'}>
              {planFeatureLabels[key]}
              {on ? '' : ' (not included)'}
            </Typography>
          </li>
        );
      })}
    </Box>
  );
}
