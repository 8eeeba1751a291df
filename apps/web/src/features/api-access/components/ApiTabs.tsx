import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { RouterLink } from '../../../ui/RouterLink';

export const apiTabs = [
  { value: 'key', label: 'API keys' },
  { value: 'ipwhitelist', label: 'IP allow-list' },
  { value: 'apilog', label: 'API log' },
] as const;

export type ApiTab = (typeof apiTabs)[number]['value'];

/** The API page's sections, each its own address (`/account/api/<tab>/`). */
export function ApiTabs({ current }: { current: ApiTab }) {
  return (
    <Tabs value={current} variant="scrollable" allowScrollButtonsMobile aria-label="API sections" sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
      {apiTabs.map((tab) => (
        <Tab key={tab.value} value={tab.value} label={tab.label} component={RouterLink} href={`/account/api/${tab.value}/`} />
      ))}
    </Tabs>
  );
}
