import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney, type MyPlan } from '@scanbase/contracts/billing';
import { RouterLink } from '../../../ui/RouterLink';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { dayText, periodLabel, priceText } from '../billing-text';
import { PlanFeatures } from '../components/PlanFeatures';
import { ScanHistory } from '../components/ScanHistory';
import { UsageBars } from '../components/UsageBars';
import { useCancelScheduledChange } from '../hooks/useCancelScheduledChange';
import { useCanManageBilling } from '../hooks/useCanManageBilling';
import { useMyPlan } from '../hooks/useMyPlan';

/** `account/myplan/`: the current plan, its period, and usage against each limit. */
export function MyPlanPage() {
  const plan = useMyPlan();
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Typography variant="h1">My plan</Typography>
      {plan.isPending ? <LoadingState label="Loading your plan…" /> : plan.isError ? <ErrorState message={plan.error.message} onRetry={() => void plan.refetch()} /> : <PlanDetails plan={plan.data} />}
    </Box>
  );
}

function PlanDetails({ plan }: { plan: MyPlan }) {
  const canManage = useCanManageBilling();
  const cancel = useCancelScheduledChange();
  return (
    <Stack spacing={3} sx={{ mt: 2 }}>
      {plan.quotaExceededAt ? (
        <Alert severity="warning">
          This account went over its {plan.plan.limits.scansPerMonth} scans this month on {dayText(plan.quotaExceededAt)}. Every scan is still stored; change plan to stay within your limits.
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Typography variant="h2" sx={{ fontSize: '1.5rem' }} data-testid="current-plan">
            {plan.plan.name}
          </Typography>
          <Chip size="small" label={periodLabel(plan.period)} />
          <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
            {priceText(plan.plan, plan.period)}
          </Typography>
          <Button variant="contained" component={RouterLink} href="/account/plans/">
            Compare plans
          </Button>
        </Box>
        {plan.plan.description ? <Typography sx={{ mt: 1 }}>{plan.plan.description}</Typography> : null}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Current period: {dayText(plan.periodStart)} to {dayText(plan.periodEnd)}
          {plan.creditCents > 0 ? ` · Credit ${formatMoney(plan.creditCents)}` : ''}
        </Typography>
        {plan.billingEnabled ? null : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Billing is switched off on this Scanbase install: plans are assigned by whoever runs it.
          </Typography>
        )}
        {plan.scheduled ? (
          <Alert severity="info" sx={{ mt: 2 }} action={canManage ? <Button color="inherit" size="small" disabled={cancel.isPending} onClick={() => cancel.mutate()}>Cancel change</Button> : undefined}>
            On {dayText(plan.scheduled.at)} this account moves to the {plan.scheduled.planName} plan ({periodLabel(plan.scheduled.period).toLowerCase()}).
          </Alert>
        ) : null}
      </Paper>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 2 }}>
            Usage
          </Typography>
          <UsageBars usage={plan.usage} />
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 2 }}>
            Included in {plan.plan.name}
          </Typography>
          <PlanFeatures plan={plan.plan} />
        </Paper>
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, overflowX: 'auto' }}>
        <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 2 }}>
          Scans in the last 12 months
        </Typography>
        <ScanHistory history={plan.scanHistory} limit={plan.plan.limits.scansPerMonth ?? -1} />
      </Paper>
    </Stack>
  );
}
