import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { RouterLink } from '../../../ui/RouterLink';

export const databaseTabs = [
  { value: 'search', label: 'Values' },
  { value: 'addvalue', label: 'Add value' },
  { value: 'manage', label: 'Import' },
  { value: 'autofill', label: 'Autofill' },
  { value: 'record', label: 'Records' },
  { value: 'clear', label: 'Clear' },
] as const;

export type DatabaseTab = (typeof databaseTabs)[number]['value'];

/** The sections of one database, each its own address (`/account/databases/{id}/<tab>/`). */
export function DatabaseTabs({ id, current }: { id: number; current: DatabaseTab }) {
  return (
    <Tabs value={current} variant="scrollable" allowScrollButtonsMobile aria-label="Database sections" sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
      {databaseTabs.map((tab) => (
        <Tab key={tab.value} value={tab.value} label={tab.label} component={RouterLink} href={`/account/databases/${id}/${tab.value}/`} />
      ))}
    </Tabs>
  );
}
