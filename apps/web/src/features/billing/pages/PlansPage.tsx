import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { BillingPeriod, Plan } from '@scanbase/contracts/billing';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { useQueryParam } from '../../../ui/useQueryParam';
import { changeHref, priceText } from '../billing-text';
import { PeriodToggle } from '../components/PeriodToggle';
import { PlanFeatures } from '../components/PlanFeatures';
import { useCanManageBilling } from '../hooks/useCanManageBilling';
import { usePlans } from '../hooks/usePlans';

const perMonth = (plan: Plan, period: BillingPeriod) => (period === 'year' ? plan.priceYearCents / 12 : plan.priceMonthCents);

/** `account/plans/`: the install's plans side by side, monthly or yearly, with the way to change. */
export function PlansPage() {
  const plans = usePlans();
  const canManage = useCanManageBilling();
  const asked = useQueryParam('period');
  const [chosen, setChosen] = useState<BillingPeriod | null>(asked === 'year' || asked === 'month' ? asked : null);
  const period: BillingPeriod = chosen ?? plans.data?.currentPeriod ?? 'month';
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 3 }}>
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          Plans
        </Typography>
        <PeriodToggle value={period} onChange={setChosen} />
      </Box>
      {plans.isPending ? (
        <LoadingState label="Loading plans…" />
      ) : plans.isError ? (
        <ErrorState message={plans.error.message} onRetry={() => void plans.refetch()} />
      ) : (
        <>
          {plans.data.billingEnabled ? null : (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Billing is switched off on this Scanbase install: plans are assigned by whoever runs it.
            </Typography>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: `repeat(${Math.min(plans.data.plans.length, 4)}, 1fr)` } }}>
            {plans.data.plans.map((plan) => {
              const current = plan.id === plans.data.currentPlanId;
              const same = current && period === plans.data.currentPeriod;
              const currentPlan = plans.data.plans.find((p) => p.id === plans.data.currentPlanId);
              const kind = currentPlan && perMonth(plan, period) < perMonth(currentPlan, plans.data.currentPeriod) ? 'downgrade' : 'upgrade';
              return (
                <Paper key={plan.id} variant="outlined" component="section" aria-label={`${plan.name} plan`} sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1.5, borderColor: current ? 'primary.main' : undefined, borderWidth: current ? 2 : 1 }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Typography variant="h2" sx={{ fontSize: '1.25rem', flexGrow: 1 }}>
                      {plan.name}
                    </Typography>
                    {current ? <Chip size="small" color="primary" label="Current" /> : null}
                  </Box>
                  <Typography sx={{ fontSize: '1.4rem', fontWeight: 600 }} data-testid={`price-${plan.id}`}>
                    {priceText(plan, period)}
                  </Typography>
                  {plan.description ? <Typography variant="body2" color="text.secondary">{plan.description}</Typography> : null}
                  <PlanFeatures plan={plan} />
                  <Box sx={{ flexGrow: 1 }} />
                  {plans.data.billingEnabled && canManage && !same ? (
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                      <Button variant="contained" component={RouterLink} href={changeHref({ planId: plan.id, period, kind, schedule: false })} aria-label={`${kind === 'upgrade' ? 'Upgrade' : 'Change'}: ${plan.name}, ${period === 'month' ? 'monthly' : 'yearly'}`}>
                        {kind === 'upgrade' ? 'Upgrade' : 'Change'}
                      </Button>
                      <Button variant="outlined" component={RouterLink} href={changeHref({ planId: plan.id, period, kind, schedule: true })} aria-label={`At period end: ${plan.name}, ${period === 'month' ? 'monthly' : 'yearly'}`}>
                        At period end
                      </Button>
                    </Box>
                  ) : null}
                </Paper>
              );
            })}
          </Box>
        </>
      )}
    </Box>
  );
}
