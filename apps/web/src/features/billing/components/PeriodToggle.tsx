import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { BillingPeriod } from '@scanbase/contracts/billing';

/** Monthly or yearly prices. */
export function PeriodToggle({ value, onChange }: { value: BillingPeriod; onChange: (period: BillingPeriod) => void }) {
  return (
    <ToggleButtonGroup exclusive size="small" color="primary" value={value} onChange={(_e, next: BillingPeriod | null) => next && onChange(next)} aria-label="Billing period">
      <ToggleButton value="month">Monthly</ToggleButton>
      <ToggleButton value="year">Yearly</ToggleButton>
    </ToggleButtonGroup>
  );
}
