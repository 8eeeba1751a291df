import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useServicePicker } from '../../tasks/hooks/useServicePicker';
import { useDevicePicker } from '../hooks/useDevicePicker';
import { useUserPicker } from '../hooks/useUserPicker';
import { activeFilterCount, clearedFilters, idListParam, rangeProblems, type UploadFilters } from '../upload-filters';
import { DateTimeRange } from './DateTimeRange';
import { IdPicker, pickerProps } from '../../../ui/IdPicker';

type Props = { filters: UploadFilters; onChange: (patch: Record<string, string | undefined>) => void };

/** Services, users, devices, the received date-time range and the "include deleted" switches; on phones behind a Filters button. */
export function UploadFilterBar({ filters, onChange }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  // A range that cannot be sent opens the panel on phones, so its message shows.
  const [open, setOpen] = useState(() => Object.keys(rangeProblems(filters)).length > 0);
  const panelId = useId();
  const services = useServicePicker();
  const users = useUserPicker();
  const devices = useDevicePicker();
  const active = activeFilterCount(filters);
  // Every change goes back to the first page.
  const set = (patch: Record<string, string | undefined>) => onChange({ ...patch, page: undefined });

  const panel = (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
        <IdPicker label="Services" allLabel="All services" {...pickerProps(services, 'Service')} value={filters.serviceIds} onChange={(ids) => set({ s: idListParam(ids) })} />
        <IdPicker label="Users" allLabel="All users" {...pickerProps(users, 'User')} value={filters.userIds} onChange={(ids) => set({ u: idListParam(ids) })} />
        <IdPicker label="Devices" allLabel="All devices" {...pickerProps(devices, 'Device')} value={filters.deviceIds} onChange={(ids) => set({ d: idListParam(ids) })} />
      </Box>
      <DateTimeRange filters={filters} problems={rangeProblems(filters)} onChange={(key, value) => set({ [key]: value || undefined })} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2 }}>
        <FormControlLabel control={<Switch checked={filters.sDeleted} onChange={(event) => set({ s_deleted: event.target.checked ? '1' : undefined })} />} label="Include deleted services" />
        <FormControlLabel control={<Switch checked={filters.uDeleted} onChange={(event) => set({ u_deleted: event.target.checked ? '1' : undefined })} />} label="Include deleted users" />
        <Box sx={{ flexGrow: 1 }} />
        {active > 0 ? <Button onClick={() => onChange(clearedFilters)}>Clear filters</Button> : null}
      </Box>
    </Paper>
  );

  if (!phone) return <Box sx={{ mb: 2 }}>{panel}</Box>;
  return (
    <Box sx={{ mb: 2 }}>
      <Button variant="outlined" startIcon={<FilterListOutlined />} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((current) => !current)} sx={{ mb: open ? 1.5 : 0 }}>
        {active > 0 ? `Filters (${active})` : 'Filters'}
      </Button>
      <Collapse in={open} id={panelId}>
        {panel}
      </Collapse>
    </Box>
  );
}
