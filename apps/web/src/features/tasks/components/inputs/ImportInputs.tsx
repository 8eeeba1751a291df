import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import type { DatabaseColumns, InputsFormValues, UserColumns } from '../../task-inputs';
import { ColumnSelect } from './ColumnSelect';
import { DatabaseInputs } from './DatabaseInputs';
import { SourceFileField } from './SourceFileField';

type Props = {
  type: 'importdatabase' | 'importuser';
  value: InputsFormValues;
  onChange: (patch: Partial<InputsFormValues>) => void;
  /** Messages by input key (`url`, `fileId`, `columns.value`…). */
  errors: Record<string, string>;
  disabled?: boolean;
};

function Group({ title, children }: { title: string; children: (labelId: string) => ReactNode }) {
  const id = useId();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography id={id} component="legend" variant="subtitle2" sx={{ mb: 1, p: 0 }}>
        {title}
      </Typography>
      {children(id)}
    </Box>
  );
}

const databaseColumns: { key: keyof DatabaseColumns; label: string }[] = [
  { key: 'value', label: 'Value' },
  { key: 'response', label: 'Response' },
  { key: 'validity', label: 'Valid / invalid (1 / 0)' },
];
const userColumns: { key: keyof UserColumns; label: string }[] = [
  { key: 'username', label: 'Username' },
  { key: 'password', label: 'Password' },
  { key: 'deviceLimit', label: 'Device limit' },
  { key: 'services', label: 'Services' },
];

/** importdatabase / importuser: the database (values only), the file or URL, its columns, and what a bad row does. */
export function ImportInputs({ type, value, onChange, errors, disabled = false }: Props) {
  const isDatabase = type === 'importdatabase';
  const columnGrid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: `repeat(${isDatabase ? 3 : 4}, 1fr)` } };

  return (
    <Stack spacing={3}>
      {isDatabase ? <DatabaseInputs value={value.databaseId} onChange={(databaseId) => onChange({ databaseId })} error={errors.databaseId} disabled={disabled} hint="The rows of the file are added to this database." /> : null}

      <Group title="Where the file comes from">
        {(labelId) => (
          <Stack spacing={1.5}>
            <RadioGroup row aria-labelledby={labelId} value={value.source} onChange={(event) => onChange({ source: event.target.value as InputsFormValues['source'] })}>
              <FormControlLabel value="file" control={<Radio />} label="Upload a file" disabled={disabled} />
              <FormControlLabel value="url" control={<Radio />} label="Fetch it from a URL at each run" disabled={disabled} />
            </RadioGroup>
            {value.source === 'file' ? (
              <SourceFileField value={value.file} onChange={(file) => onChange({ file })} error={errors.fileId ?? errors.url} disabled={disabled} />
            ) : (
              <TextField
                label="File URL"
                size="small"
                fullWidth
                value={value.url}
                onChange={(event) => onChange({ url: event.target.value })}
                error={Boolean(errors.url)}
                helperText={errors.url ?? 'A CSV or XLSX file, downloaded at every run, so it can change between runs. Addresses inside your network are refused unless the install allows them.'}
                placeholder="https://example.com/exports/values.csv"
                disabled={disabled}
                slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false } }}
              />
            )}
          </Stack>
        )}
      </Group>

      <Group title="Columns">
        {(labelId) =>
          isDatabase ? (
            <Stack spacing={1.5}>
              <RadioGroup sx={{ gap: 0.5 }} aria-labelledby={labelId} value={value.layout} onChange={(event) => onChange({ layout: event.target.value as InputsFormValues['layout'] })}>
                <FormControlLabel value="standard" control={<Radio />} label="Scanbase’s layout: A value, B response, C valid (1) or invalid (0)" disabled={disabled} />
                <FormControlLabel value="columns" control={<Radio />} label="Choose the columns" disabled={disabled} />
              </RadioGroup>
              {value.layout === 'columns' ? (
                <Box sx={columnGrid}>
                  {databaseColumns.map(({ key, label }) => (
                    <ColumnSelect
                      key={key}
                      label={label}
                      required={key === 'value'}
                      value={value.databaseColumns[key]}
                      onChange={(column) => onChange({ databaseColumns: { ...value.databaseColumns, [key]: column } })}
                      error={errors[`columns.${key}`]}
                      disabled={disabled}
                    />
                  ))}
                </Box>
              ) : null}
              {errors.columns ? (
                <Typography variant="body2" color="error" role="alert">
                  {errors.columns}
                </Typography>
              ) : null}
            </Stack>
          ) : (
            <Stack spacing={1.5}>
              <Box sx={columnGrid} role="group" aria-labelledby={labelId}>
                {userColumns.map(({ key, label }) => (
                  <ColumnSelect
                    key={key}
                    label={label}
                    required={key === 'username'}
                    value={value.userColumns[key]}
                    onChange={(column) => onChange({ userColumns: { ...value.userColumns, [key]: column } })}
                    error={errors[`columns.${key}`]}
                    disabled={disabled}
                  />
                ))}
              </Box>
              <Typography variant="body2" color="text.secondary">
                Services: service ids separated by spaces, commas or semicolons. A username that is an email address gets an invitation mail; its password cell is ignored.
              </Typography>
              {errors.columns ? (
                <Typography variant="body2" color="error" role="alert">
                  {errors.columns}
                </Typography>
              ) : null}
            </Stack>
          )
        }
      </Group>

      <Group title="Reading the file">
        {(labelId) => (
          <Stack spacing={1} useFlexGap>
            <FormControlLabel control={<Switch checked={value.hasHeader} onChange={(event) => onChange({ hasHeader: event.target.checked })} disabled={disabled} />} label="The first row holds column names (it is skipped)" />
            {isDatabase ? (
              <FormControlLabel control={<Switch checked={value.trimValue} onChange={(event) => onChange({ trimValue: event.target.checked })} disabled={disabled} />} label="Remove spaces at the start and end of values" />
            ) : null}
            <Typography id={`${labelId}-errors`} variant="body2" sx={{ pt: 1 }}>
              When a row is not valid
            </Typography>
            <RadioGroup sx={{ gap: 0.5 }} aria-labelledby={`${labelId}-errors`} value={value.onError} onChange={(event) => onChange({ onError: event.target.value as InputsFormValues['onError'] })}>
              <FormControlLabel value="skip" control={<Radio />} label={`Skip it, ${isDatabase ? 'import' : 'create'} the others, and list the bad rows in the run’s report`} disabled={disabled} />
              <FormControlLabel value="abort" control={<Radio />} label={`All or nothing: ${isDatabase ? 'import no value' : 'create no app user'} when one row is bad`} disabled={disabled} />
            </RadioGroup>
          </Stack>
        )}
      </Group>
    </Stack>
  );
}
