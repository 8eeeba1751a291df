import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { RouterLink } from '../../../ui/RouterLink';
import { scanViewHref, type ScanView } from '../hooks/useScanSearch';
import type { SearchState } from '../search-query';

export const scanViews: readonly { view: ScanView; label: string }[] = [
  { view: 'full', label: 'Full' },
  { view: 'list', label: 'List' },
  { view: 'map', label: 'Map' },
  { view: 'photo', label: 'Photos' },
  { view: 'statistics', label: 'Statistics' },
];

/** The five views of one search; switching keeps every filter (the page starts again at 1). */
export function ViewTabs({ current, search }: { current: ScanView; search: SearchState }) {
  const kept: SearchState = { ...search, page: 1 };
  return (
    <Tabs value={current} variant="scrollable" allowScrollButtonsMobile aria-label="Scan views" sx={{ borderBottom: 1, borderColor: 'divider', mb: 2, minHeight: 44, '& .MuiTab-root': { minHeight: 44, minWidth: { xs: 0, sm: 90 }, px: { xs: 1.25, sm: 2 } } }}>
      {scanViews.map((tab) => (
        <Tab key={tab.view} value={tab.view} label={tab.label} component={RouterLink} href={scanViewHref(tab.view, kept, current)} />
      ))}
    </Tabs>
  );
}
