import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CheckInOutSettings } from '@scanbase/contracts/check-in-out';
import type { SpecializedInstanceDetail } from '@scanbase/contracts/specialized';
import { useState, type FormEvent } from 'react';
import { RouterLink } from '../../../ui/RouterLink';
import { FormAlert } from '../../auth/components/FormAlert';
import { InstanceFrame } from '../../specialized/components/InstanceFrame';
import { portalHref, readSettings } from '../check-in-out-settings';
import { AdminRoster } from '../components/AdminRoster';
import { ModeField } from '../components/ModeField';
import { useSaveSettings } from '../hooks/useSaveSettings';

function DetailsForm({ instance }: { instance: SpecializedInstanceDetail }) {
  const initial = readSettings(instance.settings);
  const [name, setName] = useState(instance.name);
  const [s, setS] = useState<CheckInOutSettings>(initial);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const { save, pending } = useSaveSettings(instance);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setMessage({ text: 'Enter a name.', ok: false });
    try {
      await save({ mode: s.mode, defaultState: s.defaultState, showLast: s.showLast }, name.trim());
      setMessage({ text: 'Saved.', ok: true });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : 'Not saved. Try again.', ok: false });
    }
  };
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void submit(event)} aria-label="Check in/out details">
      <TextField label="Name" required value={name} onChange={(event) => setName(event.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} />
      <ModeField value={s.mode} onChange={(mode) => setS({ ...s, mode })} />
      <TextField select label="State of a value never scanned" value={s.defaultState} onChange={(event) => setS({ ...s, defaultState: event.target.value as 'in' | 'out' })} helperText="In Toggle mode the first scan of a value moves it away from this state." sx={{ maxWidth: 420 }}>
        <MenuItem value="out">Out</MenuItem>
        <MenuItem value="in">In</MenuItem>
      </TextField>
      <FormControlLabel control={<Checkbox checked={s.showLast} onChange={(event) => setS({ ...s, showLast: event.target.checked })} />} label="Show the last user and time in the result (“Was in since 09:12 by gate-1”)" />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography sx={{ fontWeight: 600 }}>Allowed values</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {instance.databaseId === null ? 'Any value can be checked in and out.' : 'Only the valid values of this database; each result starts with the value’s response.'}
        </Typography>
        {instance.databaseId !== null ? (
          <Link component={RouterLink} href={`/account/databases/${instance.databaseId}/record/`} variant="body2">
            Open the database
          </Link>
        ) : null}
      </Paper>
      <FormAlert message={message?.text ?? null} severity={message?.ok ? 'success' : 'error'} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={pending}>
          Save
        </Button>
      </Box>
    </Stack>
  );
}

/** /account/specialized-services/{id}/check-in-out/details/: name, mode, default state, the result, allowed values, and the live roster. */
export function CheckInOutDetailsPage() {
  return (
    <InstanceFrame type="check-in-out" tab="details">
      {(instance) => (
        <Stack spacing={4}>
          <DetailsForm key={instance.id} instance={instance} />
          <Divider />
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography sx={{ flexGrow: 1 }}>The portal shows this roster to the app users you give portal access on the Users tab.</Typography>
            <Button variant="outlined" component={RouterLink} href={portalHref(instance.id)}>
              Open the portal
            </Button>
          </Box>
          <AdminRoster id={instance.id} />
        </Stack>
      )}
    </InstanceFrame>
  );
}
