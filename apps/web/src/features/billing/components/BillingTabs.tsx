import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { RouterLink } from '../../../ui/RouterLink';

export const billingTabs = [
  { value: 'overview', label: 'Overview' },
  { value: 'business', label: 'Business details' },
  { value: 'invoices', label: 'Invoices' },
  { value: 'creditcards', label: 'Credit cards' },
] as const;

export type BillingTab = (typeof billingTabs)[number]['value'];

/** The billing page's sections, each its own address (`/account/billing/<tab>/`). */
export function BillingTabs({ current }: { current: BillingTab }) {
  return (
    <Tabs value={current} variant="scrollable" allowScrollButtonsMobile aria-label="Billing sections" sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
      {billingTabs.map((tab) => (
        <Tab key={tab.value} value={tab.value} label={tab.label} component={RouterLink} href={`/account/billing/${tab.value}/`} />
      ))}
    </Tabs>
  );
}
