import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { keptFilterNames, keptRange } from '../../export-scan-inputs';
import { useServicePicker } from '../../hooks/useServicePicker';
import { periodMetrics, scanResults, type InputsFormValues, type ScanResult } from '../../task-inputs';
import { ExportTemplateField } from './ExportTemplateField';

type Props = {
  type: 'downloadscan' | 'bulkscanremoval' | 'postback' | 'exportscan';
  value: InputsFormValues;
  onChange: (patch: Partial<InputsFormValues>) => void;
  /** Messages by input key (`serviceIds`, `result`, `period.number`, `olderThanDays`, `url`…). */
  errors: Record<string, string>;
  disabled?: boolean;
};

type Option = { id: number; name: string };

/** "A", "A and B", "A, B and C", "A, B and 3 more". */
function names(options: readonly Option[]): string {
  const list = options.map((option) => option.name);
  if (list.length <= 1) return list.join('');
  if (list.length > 3) return `${list.slice(0, 2).join(', ')} and ${list.length - 2} more services`;
  return `${list.slice(0, -1).join(', ')} and ${list.at(-1) ?? ''}`;
}

/** Services to take scans from: none chosen = every service. */
function ServicesField({ value, onChange, error, disabled }: { value: number[]; onChange: (ids: number[]) => void; error?: string; disabled: boolean }) {
  const services = useServicePicker();
  const items: Option[] = services.data?.items ?? [];
  const selected = value.map((id) => items.find((item) => item.id === id) ?? { id, name: services.isPending ? `Service #${id}` : `Deleted service (#${id})` });
  const empty = services.isSuccess && items.length === 0;
  if (services.isError) {
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void services.refetch()}>Try again</Button>}>
        The list of services did not load: {services.error.message}
      </Alert>
    );
  }
  return (
    <Autocomplete
      multiple
      options={items}
      value={selected}
      onChange={(_event, next) => onChange(next.map((option) => option.id))}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      loading={services.isPending}
      loadingText="Loading services…"
      noOptionsText={empty ? 'This account has no services yet' : 'No service matches'}
      disabled={disabled}
      filterSelectedOptions
      disableCloseOnSelect
      autoHighlight
      size="small"
      renderInput={({ InputLabelProps, ...params }) => (
        <TextField
          {...params}
          label="Services"
          placeholder={value.length === 0 ? 'All services' : 'Add a service'}
          error={Boolean(error)}
          helperText={error ?? (value.length === 0 ? (empty ? 'This account has no services yet: every scan is taken.' : 'None chosen: the scans of every service. Type or open the list to pick some.') : `Only the scans of ${names(selected)}.`)}
          // The label stays up so "All services" shows while nothing is chosen.
          slotProps={{ inputLabel: { ...InputLabelProps, shrink: true } }}
        />
      )}
    />
  );
}

/** Valid / invalid / not validated; every box ticked = every scan. */
function ResultsField({ value, onChange, error, disabled }: { value: ScanResult[]; onChange: (results: ScanResult[]) => void; error?: string; disabled: boolean }) {
  const id = useId();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography id={id} component="legend" variant="subtitle2" sx={{ p: 0 }}>
        Scan results
      </Typography>
      <FormGroup row aria-labelledby={id}>
        {scanResults.map((result) => (
          <FormControlLabel
            key={result.id}
            label={result.label}
            disabled={disabled}
            control={<Checkbox checked={value.includes(result.id)} onChange={(event) => onChange(event.target.checked ? [...value, result.id] : value.filter((r) => r !== result.id))} />}
          />
        ))}
      </FormGroup>
      <FormHelperText error={Boolean(error)} sx={{ mx: 0 }}>
        {error ?? (value.length === scanResults.length ? 'All three: every scan, whatever its result.' : 'Only scans with the ticked results.')}
      </FormHelperText>
    </Box>
  );
}

/**
 * Which scans a run takes: all, the last N units, or those received since the previous successful run;
 * an export (the scan search's filters) has no "since the last run" but may keep a date range set in the search.
 */
function PeriodField({ value, onChange, errors, disabled, exportScan }: { value: InputsFormValues; onChange: (patch: Partial<InputsFormValues>) => void; errors: Record<string, string>; disabled: boolean; exportScan: boolean }) {
  const n = Number(value.periodNumber);
  const metric = periodMetrics.find((m) => m.id === value.periodMetric) ?? periodMetrics[1];
  const range = exportScan ? keptRange(value.keptInputs) : null;
  const hints: Partial<Record<InputsFormValues['periodKind'], string>> = {
    sinceLastRun: 'Scans received since the previous successful run; the first run takes every scan.',
    custom: `The dates chosen in the scan search${range ? `: ${range}` : ''}.`,
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: value.periodKind === 'last' ? '2fr 1fr 1fr' : '1fr' } }}>
      <TextField
        select
        label="Which scans"
        size="small"
        value={value.periodKind}
        onChange={(event) => onChange({ periodKind: event.target.value as InputsFormValues['periodKind'] })}
        error={Boolean(errors.period)}
        helperText={errors.period ?? hints[value.periodKind]}
        disabled={disabled}
        sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
      >
        {exportScan ? null : <MenuItem value="sinceLastRun">New since the last run</MenuItem>}
        <MenuItem value="last">{exportScan ? 'Scanned in the last…' : 'Received in the last…'}</MenuItem>
        {range || value.periodKind === 'custom' ? <MenuItem value="custom">Between the dates of the scan search</MenuItem> : null}
        <MenuItem value="all">All scans</MenuItem>
      </TextField>
      {value.periodKind === 'last' ? (
        <>
          <TextField
            label="How many"
            size="small"
            value={value.periodNumber}
            onChange={(event) => onChange({ periodNumber: event.target.value })}
            error={Boolean(errors['period.number'])}
            helperText={errors['period.number']}
            disabled={disabled}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField select label="Unit" size="small" value={value.periodMetric} onChange={(event) => onChange({ periodMetric: event.target.value as InputsFormValues['periodMetric'] })} error={Boolean(errors['period.metric'])} helperText={errors['period.metric']} disabled={disabled}>
            {periodMetrics.map((m) => (
              <MenuItem key={m.id} value={m.id}>
                {n === 1 ? m.one : m.many}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1', mt: -1 }}>
            Counted back from the moment each run starts{Number.isInteger(n) && n > 0 ? `: the last ${n.toLocaleString('en-US')} ${n === 1 ? metric?.one : metric?.many}` : ''}.
          </Typography>
        </>
      ) : null}
    </Box>
  );
}

/** The server's exportscan messages (`filters.pNumber`…) under the keys the period fields read. */
function withAliases(errors: Record<string, string>): Record<string, string> {
  const out = { ...errors };
  for (const [alias, key] of [['filters.pNumber', 'period.number'], ['filters.pMetric', 'period.metric']] as const) {
    const message = out[alias];
    if (out[key] === undefined && message !== undefined) out[key] = message;
  }
  return out;
}

/** Filters of an export set elsewhere (the scan search, the API) that the form keeps without showing them. */
function KeptFilters({ value, error }: { value: InputsFormValues; error?: string }) {
  const names = keptFilterNames(value.keptInputs);
  if (names.length === 0 && !error) return null;
  return (
    <Alert severity={error ? 'error' : 'info'} role="note">
      {error ?? `This export also keeps filters chosen in the scan search: ${names.join(', ')}. They stay as they are when you save.`}
    </Alert>
  );
}

const formats: { id: InputsFormValues['format']; label: string }[] = [
  { id: 'csv', label: 'CSV' },
  { id: 'xlsx', label: 'Excel (XLSX)' },
  { id: 'json', label: 'JSON' },
];

/** downloadscan, bulkscanremoval and postback: which scans (services, results, period or age) and what happens to them. */
export function ScanFilterInputs({ type, value, onChange, errors, disabled = false }: Props) {
  const formatId = useId();
  const days = Number(value.olderThanDays);
  const validDays = value.olderThanDays.trim() !== '' && Number.isInteger(days) && days >= 1 && days <= 36_500;
  const services = value.serviceIds.length === 0 ? 'every service' : value.serviceIds.length === 1 ? 'the chosen service' : `the ${value.serviceIds.length} chosen services`;
  const some = scanResults.filter((result) => value.results.includes(result.id));
  const which = some.length > 0 && some.length < scanResults.length ? `${services} (${some.map((result) => result.label.toLowerCase()).join(' or ')} only)` : services;

  return (
    <Stack spacing={2.5}>
      {type === 'postback' ? (
        <TextField
          label="Your server’s URL"
          size="small"
          fullWidth
          value={value.url}
          onChange={(event) => onChange({ url: event.target.value })}
          error={Boolean(errors.url)}
          helperText={errors.url ?? 'Scanbase posts the scans here, form-encoded like a service postback. Addresses inside your network are refused unless the install allows them.'}
          placeholder="https://example.com/scans"
          disabled={disabled}
          slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false } }}
        />
      ) : null}
      <ServicesField value={value.serviceIds} onChange={(serviceIds) => onChange({ serviceIds })} error={errors.serviceIds ?? errors['filters.serviceIds']} disabled={disabled} />
      <ResultsField value={value.results} onChange={(results) => onChange({ results })} error={errors.result ?? errors['filters.result']} disabled={disabled} />
      {type === 'bulkscanremoval' ? (
        <Stack spacing={2}>
          <TextField
            label="Delete scans older than (days)"
            size="small"
            value={value.olderThanDays}
            onChange={(event) => onChange({ olderThanDays: event.target.value })}
            error={Boolean(errors.olderThanDays)}
            helperText={errors.olderThanDays ?? 'Counted back from the moment each run starts.'}
            disabled={disabled}
            sx={{ maxWidth: { sm: 320 } }}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <Alert severity="warning" role="note">
            <strong>
              {validDays
                ? `Each run deletes for good the scans of ${which} that are older than ${days.toLocaleString('en-US')} ${days === 1 ? 'day' : 'days'}.`
                : `Each run deletes for good the scans of ${which} older than the number of days above.`}
            </strong>{' '}
            {validDays ? `Scans of the last ${days.toLocaleString('en-US')} ${days === 1 ? 'day are' : 'days are'} kept.` : ''} Deleted scans cannot be brought back; schedule a “Download scans” task first if you need a copy.
          </Alert>
        </Stack>
      ) : (
        <PeriodField
          value={value}
          onChange={onChange}
          errors={withAliases(errors)}
          disabled={disabled}
          exportScan={type === 'exportscan'}
        />
      )}
      {type === 'exportscan' ? <KeptFilters value={value} error={errors.filters} /> : null}
      {type === 'exportscan' ? <ExportTemplateField value={value.templateId} onChange={(templateId) => onChange({ templateId })} error={errors.templateId} disabled={disabled} /> : null}
      {type === 'exportscan' ? (
        <FormControlLabel
          control={<Checkbox checked={value.tableColumns} onChange={(event) => onChange({ tableColumns: event.target.checked })} disabled={disabled} />}
          label="Add the table’s current cells to scans of table-builder services"
        />
      ) : null}
      {type === 'downloadscan' || type === 'exportscan' ? (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography id={formatId} component="legend" variant="subtitle2" sx={{ p: 0 }}>
            File format
          </Typography>
          <RadioGroup row aria-labelledby={formatId} value={value.format} onChange={(event) => onChange({ format: event.target.value as InputsFormValues['format'] })}>
            {formats.map((format) => (
              <FormControlLabel key={format.id} value={format.id} control={<Radio />} label={format.label} disabled={disabled} />
            ))}
          </RadioGroup>
          {errors.format ? <FormHelperText error>{errors.format}</FormHelperText> : null}
        </Box>
      ) : null}
    </Stack>
  );
}
