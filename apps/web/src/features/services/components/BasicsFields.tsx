import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ValidationMethod } from '@scanbase/contracts/services';
import { useId } from 'react';
import { FormSection } from '../../tasks/components/FormSection';
import type { BasicsFormValues } from '../basics-form';
import { serviceTypeInfo, usesDatabase } from '../service-types';
import { DatabasePicker } from './DatabasePicker';
import { WebContentFields } from './WebContentFields';

type Props = {
  value: BasicsFormValues;
  onChange: (patch: Partial<BasicsFormValues>) => void;
  errors: Record<string, string>;
  mode: 'create' | 'edit';
};

function DuplicateRule({ value, onChange }: Pick<Props, 'value' | 'onChange'>) {
  const labelId = useId();
  return (
    <Stack spacing={1}>
      <FormControl>
        <FormLabel id={labelId}>When a value is scanned a second time</FormLabel>
        <RadioGroup aria-labelledby={labelId} value={value.duplicates} onChange={(event) => onChange({ duplicates: event.target.value === 'valid' ? 'valid' : 'invalid' })}>
          <FormControlLabel value="invalid" control={<Radio />} label="Mark it as a duplicate (invalid): each ticket or badge lets someone in once" />
          <FormControlLabel value="valid" control={<Radio />} label="Accept it again (valid): e.g. staff badges used every day" />
        </RadioGroup>
      </FormControl>
      {value.type === 'ondevicedatabase' && value.duplicates === 'valid' ? (
        <FormControlLabel
          control={<Checkbox checked={value.deviceDuplicates} onChange={(event) => onChange({ deviceDuplicates: event.target.checked })} />}
          label="Also accept repeats on the phone while it is offline"
        />
      ) : null}
    </Stack>
  );
}

/** Name, type and what the type needs: shared by the create page and the "type" tab. */
export function BasicsFields({ value, onChange, errors, mode }: Props) {
  const info = serviceTypeInfo.find((item) => item.type === value.type);
  return (
    <Stack spacing={2.5}>
      <FormSection title="Name and type">
        <Stack spacing={2.5}>
          <TextField
            label="Service name"
            size="small"
            fullWidth
            value={value.name}
            onChange={(event) => onChange({ name: event.target.value })}
            error={Boolean(errors.name)}
            helperText={errors.name ?? (mode === 'create' ? 'What people see in the scanner app, e.g. "Gate A check-in". Leave empty to call it "Service 1", "Service 2"…' : 'What people see in the scanner app')}
            autoFocus={mode === 'create'}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            select
            label="What happens to each scan"
            size="small"
            fullWidth
            value={value.type}
            onChange={(event) => onChange({ type: event.target.value as ValidationMethod })}
            error={Boolean(errors.type)}
            helperText={errors.type ?? info?.description}
          >
            {serviceTypeInfo.map((item) => (
              <MenuItem key={item.type} value={item.type}>
                {item.label}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </FormSection>

      {usesDatabase(value.type) ? (
        <FormSection title="Database" hint="Scans are valid when their value is in this database (and marked valid there).">
          <Stack spacing={2.5}>
            <DatabasePicker value={value.databaseId} onChange={(databaseId) => onChange({ databaseId })} error={errors.databaseId} />
            <DuplicateRule value={value} onChange={onChange} />
          </Stack>
        </FormSection>
      ) : null}

      {value.type === 'postback' ? (
        <FormSection title="Your server" hint="Each scan is posted to this address; what your server answers is shown in the scanner app.">
          <TextField
            label="Postback URL"
            size="small"
            fullWidth
            type="url"
            placeholder="https://example.com/scans"
            value={value.postbackUrl}
            onChange={(event) => onChange({ postbackUrl: event.target.value })}
            error={Boolean(errors.postbackUrl)}
            helperText={errors.postbackUrl ?? 'Starts with https:// (or http://)'}
          />
          {/* A new tab: this form keeps what was typed. */}
          <Link href="/account/postbacktool/" target="_blank" rel="noopener" variant="body2" sx={{ display: 'inline-block', mt: 1 }}>
            Test your server with the postback tool (opens a new tab)
          </Link>
        </FormSection>
      ) : null}

      {value.type === 'webview' ? (
        <FormSection title="Web content" hint="The scanner app shows this instead of a scanner.">
          <WebContentFields value={value} onChange={onChange} errors={errors} legend="What to show" />
        </FormSection>
      ) : (
        <FormSection title="Description" hint="Optional. A note for your team about what this service is for.">
          <TextField
            label="Description"
            size="small"
            fullWidth
            multiline
            minRows={2}
            value={value.description}
            onChange={(event) => onChange({ description: event.target.value })}
            error={Boolean(errors.description)}
            helperText={errors.description}
          />
        </FormSection>
      )}
    </Stack>
  );
}
