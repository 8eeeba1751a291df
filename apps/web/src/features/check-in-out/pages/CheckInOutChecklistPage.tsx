import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CheckWhen } from '@scanbase/contracts/check-in-out';
import type { SpecializedInstanceDetail } from '@scanbase/contracts/specialized';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../auth/components/FormAlert';
import { InstanceFrame } from '../../specialized/components/InstanceFrame';
import { readSettings } from '../check-in-out-settings';
import { useSaveSettings } from '../hooks/useSaveSettings';

function ChecklistForm({ instance }: { instance: SpecializedInstanceDetail }) {
  const initial = readSettings(instance.settings).checklist;
  const [when, setWhen] = useState<CheckWhen>(initial.when);
  const [items, setItems] = useState<string[]>(initial.items);
  const [draft, setDraft] = useState('');
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const { save, pending } = useSaveSettings(instance);
  const add = () => {
    const item = draft.trim();
    if (item === '') return;
    if (items.includes(item)) return setMessage({ text: `"${item}" is already on the list.`, ok: false });
    setItems([...items, item]);
    setDraft('');
    setMessage(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save({ checklist: { when, items: items.map((i) => i.trim()).filter((i) => i !== '') } });
      setMessage({ text: 'Saved. The scanner asks the new list from its next scan.', ok: true });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : 'Not saved. Try again.', ok: false });
    }
  };
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void submit(event)} aria-label="Checklist">
      <TextField select label="Asked at" value={when} onChange={(event) => setWhen(event.target.value as CheckWhen)} sx={{ maxWidth: 320 }} helperText="Every item must be ticked before the movement is accepted.">
        <MenuItem value="out">Check-out</MenuItem>
        <MenuItem value="in">Check-in</MenuItem>
        <MenuItem value="both">Check-in and check-out</MenuItem>
      </TextField>
      {items.length === 0 ? (
        <Typography color="text.secondary">No items: movements need no confirmation. Add items such as “Laptop returned”.</Typography>
      ) : (
        <Stack component="ol" spacing={1} aria-label="Checklist items" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map((item, index) => (
            <Box component="li" key={`${index}-${item}`} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <TextField size="small" fullWidth label={`Item ${index + 1}`} value={item} onChange={(event) => setItems(items.map((x, i) => (i === index ? event.target.value : x)))} slotProps={{ htmlInput: { maxLength: 200 } }} />
              <IconButton aria-label={`Remove ${item || `item ${index + 1}`}`} onClick={() => setItems(items.filter((_x, i) => i !== index))}>
                <DeleteOutline />
              </IconButton>
            </Box>
          ))}
        </Stack>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label="New item"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          sx={{ flex: 1, maxWidth: 480 }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Button variant="outlined" startIcon={<AddOutlined />} onClick={add} disabled={draft.trim() === ''}>
          Add
        </Button>
      </Box>
      <FormAlert message={message?.text ?? null} severity={message?.ok ? 'success' : 'error'} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={pending}>
          Save checklist
        </Button>
      </Box>
    </Stack>
  );
}

/** /account/specialized-services/{id}/check-in-out/checklist/: items confirmed at check-in, check-out or both, stored with the scan. */
export function CheckInOutChecklistPage() {
  return (
    <InstanceFrame type="check-in-out" tab="checklist" intro="Items the person scanning confirms before a movement is accepted (for example “Laptop returned”). The confirmed items are stored with the scan and shown in the value's history.">
      {(instance) => <ChecklistForm key={instance.id} instance={instance} />}
    </InstanceFrame>
  );
}
