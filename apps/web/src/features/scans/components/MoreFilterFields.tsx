import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { validationMethodInfo, type ValidationMethod } from '@scanbase/contracts/services';
import type { ReactNode } from 'react';
import type { UpdateOptions } from '../hooks/useScanSearch';
import { readSearch, type SearchState } from '../search-query';
import { DebouncedTextField } from './DebouncedTextField';

type Props = { search: SearchState; update: (patch: Partial<SearchState>, how?: UpdateOptions) => void };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Stack spacing={1.5}>{children}</Stack>
    </Box>
  );
}

/** A text filter with its "exact" tick box (and "match case" where the search offers it). */
function TextMatch(props: { label: string; value: string | undefined; exact: boolean; onText: (text: string | undefined) => void; onExact: (exact: boolean) => void; caseSensitive?: { value: boolean; onChange: (on: boolean) => void }; helperText?: string }) {
  return (
    <Box>
      <DebouncedTextField label={props.label} value={props.value ?? ''} onCommit={(text) => props.onText(text || undefined)} helperText={props.helperText} fullWidth />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        <FormControlLabel control={<Checkbox size="small" checked={props.exact} onChange={(event) => props.onExact(event.target.checked)} />} label="Exact match" />
        {props.caseSensitive ? (
          <FormControlLabel control={<Checkbox size="small" checked={props.caseSensitive.value} onChange={(event) => props.caseSensitive?.onChange(event.target.checked)} />} label="Match case" />
        ) : null}
      </Box>
    </Box>
  );
}

function Toggle({ label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <FormControlLabel
      sx={{ alignItems: 'flex-start', ml: 0, gap: 1 }}
      control={<Switch size="small" checked={checked} onChange={(event) => onChange(event.target.checked)} sx={{ mt: 0.25 }} />}
      label={
        <span>
          <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
            {label}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary">
            {hint}
          </Typography>
        </span>
      }
    />
  );
}

/** The filters behind "More filters": response, answer, properties, scan ids, service type, and how dates and deleted items count. */
export function MoreFilterFields({ search, update }: Props) {
  const typing = { replace: true };
  return (
    <Stack spacing={3}>
      <Section title="Scanned value">
        <Box>
          <FormControlLabel control={<Checkbox size="small" checked={!search.valueCi} onChange={(event) => update({ valueCi: !event.target.checked })} />} label="Match case of the value search" />
        </Box>
      </Section>
      <Section title="Response">
        <TextMatch
          label="Response contains"
          value={search.response}
          exact={search.exactResponse}
          onText={(response) => update({ response }, typing)}
          onExact={(exactResponse) => update({ exactResponse })}
          caseSensitive={{ value: !search.responseCi, onChange: (on) => update({ responseCi: !on }) }}
        />
      </Section>
      <Section title="Answers">
        <TextMatch label="Any answer contains" value={search.answer} exact={search.exactAnswer} onText={(answer) => update({ answer }, typing)} onExact={(exactAnswer) => update({ exactAnswer })} />
      </Section>
      <Section title="Properties">
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
          <DebouncedTextField label="Property name" value={search.propertyName ?? ''} onCommit={(propertyName) => update({ propertyName: propertyName || undefined }, typing)} placeholder="gps_location" />
          <DebouncedTextField label="Its value" value={search.propertyValue ?? ''} onCommit={(propertyValue) => update({ propertyValue: propertyValue || undefined }, typing)} placeholder="Any" />
        </Box>
        <TextMatch label="Any property contains" value={search.property} exact={search.exactProperty} onText={(property) => update({ property }, typing)} onExact={(exactProperty) => update({ exactProperty })} />
      </Section>
      <Section title="Scans and services">
        <DebouncedTextField
          label="Scan IDs"
          value={search.scanIds?.join(', ') ?? ''}
          onCommit={(text) => update({ scanIds: readSearch({ scan_ids: text.replace(/\s+/g, '') }).scanIds }, typing)}
          helperText="Only these scans, separated by commas."
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField select size="small" label="Service type" value={search.category ?? ''} onChange={(event) => update({ category: (event.target.value || undefined) as ValidationMethod | undefined })} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
          <MenuItem value="">Any type</MenuItem>
          {validationMethodInfo.map((info) => (
            <MenuItem key={info.type} value={info.type}>
              {info.label}
            </MenuItem>
          ))}
        </TextField>
        <Toggle label="Only the latest scan of each value" hint="Earlier scans of the same value are left out." checked={search.recentScan} onChange={(recentScan) => update({ recentScan })} />
      </Section>
      <Section title="Dates and deleted items">
        <Toggle label="Use the received time" hint="The period and sorting by date use when the server received each scan, not when it was scanned." checked={search.dataReceived} onChange={(dataReceived) => update({ dataReceived })} />
        <Toggle label="Include deleted services" hint="Scans of services that were deleted." checked={search.sDeleted} onChange={(sDeleted) => update({ sDeleted })} />
        <Toggle label="Include deleted app users" hint="Scans of app users who were deleted." checked={search.uDeleted} onChange={(uDeleted) => update({ uDeleted })} />
      </Section>
    </Stack>
  );
}
