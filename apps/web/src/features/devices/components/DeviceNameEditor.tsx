import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { Device } from '@scanbase/contracts/devices';
import { useState } from 'react';
import { TextInput } from '../../../ui/TextInput';
import { useRenameDevice } from '../hooks/useRenameDevice';

/** A device's name in place: Enter saves, Escape cancels. */
export function DeviceNameEditor({ device, onDone }: { device: Device; onDone: () => void }) {
  const rename = useRenameDevice();
  const [name, setName] = useState(device.name);
  const [problem, setProblem] = useState<string | null>(null);
  const save = () => {
    const trimmed = name.trim();
    if (trimmed === '') return setProblem('Enter a name');
    if (trimmed.length > 100) return setProblem('At most 100 characters');
    if (trimmed === device.name) return onDone();
    rename.mutate({ id: device.id, name: trimmed }, { onSuccess: onDone });
  };
  return (
    <Box
      component="form"
      noValidate
      aria-label={`Rename ${device.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <Box sx={{ flex: '1 1 200px' }}>
        <TextInput
          label="Device name"
          size="small"
          autoFocus
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(null);
          }}
          error={problem !== null || rename.isError}
          helperText={problem ?? rename.error?.message}
        />
      </Box>
      <Button type="submit" variant="contained" size="small" sx={{ mt: 0.5 }} disabled={rename.isPending} startIcon={rename.isPending ? <CircularProgress size={14} color="inherit" /> : undefined}>
        Save
      </Button>
      <Button size="small" sx={{ mt: 0.5 }} onClick={onDone} disabled={rename.isPending}>
        Cancel
      </Button>
      <Typography variant="caption" color="text.secondary" sx={{ width: '100%' }}>
        Enter saves, Escape cancels.
      </Typography>
    </Box>
  );
}
