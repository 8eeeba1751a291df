import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney, type BillingPeriod, type ChangePreview, type ChangeTiming } from '@scanbase/contracts/billing';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { useQueryParam } from '../../../ui/useQueryParam';
import { dayText, usageText } from '../billing-text';
import { PeriodToggle } from '../components/PeriodToggle';
import { useChangePlan } from '../hooks/useChangePlan';
import { usePlanPreview } from '../hooks/usePlanPreview';
import { usePlans } from '../hooks/usePlans';

const headings: Record<string, string> = {
  'change-plan': 'Change plan',
  'change-plan-upgrade': 'Upgrade your plan',
  'change-plan-schedule-downgrade': 'Schedule a downgrade',
  'change-plan-schedule-upgrade': 'Schedule an upgrade',
};

/**
 * `account/change-plan/` and its three variants: pick plan, period and timing (now by default, spec section 4),
 * see what it costs now (proration) and confirm.
 */
export function ChangePlanPage() {
  const slug = useRouterState({ select: (s) => s.location.pathname.split('/').filter(Boolean).at(-1) ?? 'change-plan' });
  const plans = usePlans();
  const askedPlan = useQueryParam('plan');
  const askedPeriod = useQueryParam('period');
  const askedTiming = useQueryParam('timing');
  const [planId, setPlanId] = useState<string | null>(askedPlan ?? null);
  const [period, setPeriod] = useState<BillingPeriod | null>(askedPeriod === 'year' || askedPeriod === 'month' ? askedPeriod : null);
  const [timing, setTiming] = useState<ChangeTiming>(askedTiming === 'period_end' ? 'period_end' : 'now');
  const chosenPlan = planId ?? plans.data?.plans.find((p) => p.id !== plans.data.currentPlanId)?.id ?? null;
  const chosenPeriod = period ?? plans.data?.currentPeriod ?? 'month';
  const preview = usePlanPreview(chosenPlan ? { planId: chosenPlan, period: chosenPeriod, timing } : null);

  return (
    <Box sx={{ maxWidth: 760 }}>
      <Typography variant="h1">{headings[slug] ?? 'Change plan'}</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        A change now starts a new billing period on the new plan; the unused part of the current period is credited. A change at the end of the period takes effect at renewal.
      </Typography>
      {plans.isPending ? (
        <LoadingState label="Loading plans…" />
      ) : plans.isError ? (
        <ErrorState message={plans.error.message} onRetry={() => void plans.refetch()} />
      ) : (
        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack spacing={2.5}>
              <TextField select label="Plan" value={chosenPlan ?? ''} onChange={(e) => setPlanId(e.target.value)} sx={{ maxWidth: 360 }}>
                {plans.data.plans.map((p) => (
                  <MenuItem key={p.id} value={p.id}>
                    {p.name}
                    {p.id === plans.data.currentPlanId ? ' (current)' : ''}
                  </MenuItem>
                ))}
              </TextField>
              <Box>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }} id="period-label">
                  Billing period
                </Typography>
                <PeriodToggle value={chosenPeriod} onChange={setPeriod} />
              </Box>
              <FormControl>
                <FormLabel id="timing-label">When</FormLabel>
                <RadioGroup aria-labelledby="timing-label" value={timing} onChange={(e) => setTiming(e.target.value as ChangeTiming)}>
                  <FormControlLabel value="now" control={<Radio />} label="Now" />
                  <FormControlLabel value="period_end" control={<Radio />} label="At the end of the current period" />
                </RadioGroup>
              </FormControl>
            </Stack>
          </Paper>
          {chosenPlan === null ? null : preview.isPending ? (
            <LoadingState label="Working out the cost…" />
          ) : preview.isError ? (
            <ErrorState message={preview.error.message} onRetry={() => void preview.refetch()} />
          ) : (
            <PreviewAndConfirm preview={preview.data} planId={chosenPlan} billingEnabled={plans.data.billingEnabled} />
          )}
        </Stack>
      )}
    </Box>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box component="tr">
      <Box component="th" scope="row" sx={{ textAlign: 'left', fontWeight: strong ? 700 : 400, py: 0.5, pr: 2 }}>
        {label}
      </Box>
      <Box component="td" sx={{ textAlign: 'right', fontWeight: strong ? 700 : 400, py: 0.5, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Box>
    </Box>
  );
}

function PreviewAndConfirm({ preview, planId, billingEnabled }: { preview: ChangePreview; planId: string; billingEnabled: boolean }) {
  const change = useChangePlan();
  const navigate = useNavigate();
  const now = preview.timing === 'now';
  const confirm = () =>
    change.mutate(
      { planId, period: preview.period, timing: preview.timing },
      {
        onSuccess: (result) => {
          void navigate({ href: now ? `/account/upgradesuccess/${result.invoice ? `?invoice=${encodeURIComponent(result.invoice.number)}` : ''}` : '/account/myplan/' });
        },
      },
    );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-labelledby="summary-heading">
      <Typography variant="h2" id="summary-heading" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
        {preview.fromPlan} to {preview.toPlan}
      </Typography>
      <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse' }} aria-label="Cost of the change">
        <tbody>
          <Row label={`${preview.toPlan}, ${preview.period === 'month' ? 'monthly' : 'yearly'}`} value={formatMoney(preview.newPriceCents)} />
          {now ? <Row label={`Unused time on ${preview.fromPlan} (${preview.daysLeft} days)`} value={formatMoney(-preview.unusedCreditCents)} /> : null}
          {now && preview.creditCents > 0 ? <Row label="Credit from earlier changes" value={formatMoney(-preview.creditCents)} /> : null}
          <Row label="Due now" value={formatMoney(preview.amountDueCents)} strong />
        </tbody>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {now ? 'Takes effect now.' : `Takes effect on ${dayText(preview.effectiveAt)}; ${formatMoney(preview.newPriceCents)} is invoiced then.`}
      </Typography>
      {preview.overLimits.length > 0 ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          Your account uses more than the {preview.toPlan} plan allows: {preview.overLimits.map((u) => `${u.label.toLowerCase()} ${usageText(u)}`).join(', ')}. Remove some before changing.
        </Alert>
      ) : null}
      {billingEnabled ? null : (
        <Alert severity="info" sx={{ mt: 2 }}>
          Billing is switched off on this Scanbase install: ask whoever runs it to change your plan.
        </Alert>
      )}
      {change.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {change.error.message}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, mt: 2.5, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={confirm} disabled={change.isPending || !billingEnabled || preview.overLimits.length > 0}>
          {now ? `Confirm and pay ${formatMoney(preview.amountDueCents)}` : 'Schedule change'}
        </Button>
        <Button component={RouterLink} href="/account/plans/">
          Back to plans
        </Button>
      </Box>
    </Paper>
  );
}
