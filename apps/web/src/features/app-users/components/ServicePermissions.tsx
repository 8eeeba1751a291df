import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { validationMethodInfo } from '@scanbase/contracts/services';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { RouterLink } from '../../../ui/RouterLink';
import { TextInput } from '../../../ui/TextInput';
import { useServiceOptions } from '../hooks/useServiceOptions';

type Props = { selected: readonly number[]; onChange: (ids: number[]) => void; disabled?: boolean };

const typeLabel = (type: string) => validationMethodInfo.find((info) => info.type === type)?.label ?? type;

/** Which services an app user may scan with: a checkbox per service, with a filter when there are many. */
export function ServicePermissions({ selected, onChange, disabled = false }: Props) {
  const services = useServiceOptions();
  const [filter, setFilter] = useState('');
  if (services.isPending) return <LoadingState label="Loading services…" />;
  if (services.isError) return <ErrorState message={services.error.message} onRetry={() => void services.refetch()} />;
  const items = services.data.items;
  if (items.length === 0) {
    return (
      <Typography color="text.secondary">
        There are no services yet. <Link component={RouterLink} href="/account/services/">Create a service</Link> first, then come back to let this user scan with it.
      </Typography>
    );
  }
  const shown = filter ? items.filter((item) => item.name.toLowerCase().includes(filter.trim().toLowerCase())) : items;
  const toggle = (id: number, on: boolean) => onChange(on ? [...selected, id] : selected.filter((other) => other !== id));
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        {items.length > 8 ? (
          <Box sx={{ flexGrow: 1, maxWidth: 360 }}>
            <TextInput label="Filter services" size="small" type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
            {selected.length === 0 ? 'No service chosen: this user cannot scan yet.' : `${selected.length} of ${items.length} chosen.`}
          </Typography>
        )}
        <Stack direction="row" spacing={1}>
          <Button size="small" disabled={disabled} onClick={() => onChange(items.map((item) => item.id))}>
            Select all
          </Button>
          <Button size="small" disabled={disabled} onClick={() => onChange([])}>
            Select none
          </Button>
        </Stack>
      </Stack>
      <Box role="group" aria-label="Services this user may use" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
        {shown.map((service) => (
          <FormControlLabel
            key={service.id}
            disabled={disabled}
            control={<Checkbox checked={selected.includes(service.id)} onChange={(event) => toggle(service.id, event.target.checked)} />}
            label={
              <Box sx={{ py: 0.5 }}>
                <Typography sx={{ overflowWrap: 'anywhere' }}>{service.name}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {typeLabel(service.type)}
                </Typography>
              </Box>
            }
          />
        ))}
      </Box>
      {shown.length === 0 ? <Typography color="text.secondary">No service name contains &ldquo;{filter}&rdquo;.</Typography> : null}
    </Box>
  );
}
