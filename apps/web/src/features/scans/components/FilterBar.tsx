import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import type { UpdateOptions } from '../hooks/useScanSearch';
import { periodLabel } from '../scan-format';
import { activeFilterCount, type SearchState } from '../search-query';
import { FilterDrawer } from './FilterDrawer';
import { MoreFilterFields } from './MoreFilterFields';
import { PeriodFilter } from './PeriodFilter';
import { ResultChips } from './ResultChips';
import { SearchPickers } from './SearchPickers';
import { ValueSearchField } from './ValueSearchField';
import { ZoneField } from './ZoneField';
import { VisuallyHidden } from '../../../ui/VisuallyHidden';

type Props = { search: SearchState; update: (patch: Partial<SearchState>, how?: UpdateOptions) => void; onClear: () => void; accountZone: string };

/** How many of the drawer's filters are in use (the badge on "More filters"). */
function moreCount(search: SearchState): number {
  return [search.response, search.answer, search.propertyName, search.property, search.scanIds, search.category].filter((value) => value !== undefined).length +
    [search.recentScan, search.dataReceived, search.sDeleted, search.uDeleted, !search.valueCi].filter(Boolean).length;
}

/** The phone's summary under the bar: what the drawer's filters are set to. */
function phoneSummary(search: SearchState): string {
  const parts = [periodLabel(search)];
  const count = (ids: number[] | undefined, one: string, many: string) => (ids ? parts.push(ids.length === 1 ? one : `${ids.length} ${many}`) : 0);
  count(search.serviceIds, '1 service', 'services');
  count(search.userIds, '1 user', 'users');
  count(search.deviceIds, '1 device', 'devices');
  return parts.join(' · ');
}

/** The filters of the scan views: value search, pickers, results, period, zone, "More filters" and "Clear filters". */
export function FilterBar({ search, update, onClear, accountZone }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const active = activeFilterCount(search) + (search.tz ? 1 : 0);
  const more = moreCount(search);
  const drawerCount = phone ? more + (search.serviceIds ? 1 : 0) + (search.userIds ? 1 : 0) + (search.deviceIds ? 1 : 0) + (search.period === 'all' ? 0 : 1) + (search.tz ? 1 : 0) : more;
  const valueSearch = (
    <ValueSearchField
      value={search.value ?? ''}
      exact={search.exactValue}
      onSearch={(value, typing) => update({ value: value || undefined }, { replace: typing })}
      onExactChange={(exactValue) => update({ exactValue })}
    />
  );
  const clear = active > 0 ? (
    <Button onClick={onClear} size="small" sx={{ whiteSpace: 'nowrap' }}>
      Clear filters
    </Button>
  ) : null;
  const moreButton = (
    <Button
      variant="outlined"
      size="small"
      onClick={() => setOpen(true)}
      sx={{ bgcolor: 'background.paper', whiteSpace: 'nowrap' }}
      startIcon={
        <Badge color="primary" badgeContent={drawerCount} max={99} slotProps={{ badge: { 'aria-hidden': true } }} sx={{ mr: drawerCount > 0 ? 0.75 : 0 }}>
          <FilterListOutlined />
        </Badge>
      }
    >
      {phone ? 'Filters' : 'More filters'}
      {drawerCount > 0 ? <VisuallyHidden>{`, ${drawerCount} in use`}</VisuallyHidden> : null}
    </Button>
  );
  const zone = (fullWidth: boolean) => <ZoneField value={search.tz} accountZone={accountZone} onChange={(tz) => update({ tz })} fullWidth={fullWidth} />;

  return (
    <Paper elevation={0} role="search" aria-label="Filter scans" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2, bgcolor: 'custom.scanFilters', borderRadius: 2 }}>
      {phone ? (
        <Stack spacing={1.25}>
          {valueSearch}
          <ResultChips value={search.result} onChange={(result) => update({ result })} />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            {moreButton}
            <Typography variant="body2" color="text.secondary" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
              {phoneSummary(search)}
            </Typography>
            {clear}
          </Box>
        </Stack>
      ) : (
        <Stack spacing={1.5}>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { md: '1fr 1fr', lg: 'minmax(300px, 1.5fr) 1fr 1fr 1fr' } }}>
            <Box sx={{ gridColumn: { md: '1 / -1', lg: 'auto' } }}>{valueSearch}</Box>
            <SearchPickers search={search} update={update} />
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
            <ResultChips value={search.result} onChange={(result) => update({ result })} />
            <PeriodFilter search={search} update={update} />
            {zone(false)}
            <Box sx={{ flexGrow: 1 }} />
            {moreButton}
            {clear}
          </Box>
        </Stack>
      )}
      <FilterDrawer open={open} onClose={() => setOpen(false)} title={phone ? 'Filters' : 'More filters'} phone={phone} onClear={active > 0 ? onClear : undefined}>
        {phone ? (
          <Stack spacing={2} sx={{ mb: 3 }}>
            <SearchPickers search={search} update={update} />
            <PeriodFilter search={search} update={update} stacked />
            {zone(true)}
          </Stack>
        ) : null}
        <MoreFilterFields search={search} update={update} />
      </FilterDrawer>
    </Paper>
  );
}
