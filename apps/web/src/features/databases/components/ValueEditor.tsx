import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { DbValue } from '@scanbase/contracts/databases';
import { useState } from 'react';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { useEditValue } from '../hooks/useEditValue';
import { ResponseVariablesHint } from './ResponseVariablesHint';

type Props = { databaseId: number; value: DbValue; onDone: () => void };

/** Edits one value in place: value, response, valid; Enter saves, Escape cancels. */
export function ValueEditor({ databaseId, value, onDone }: Props) {
  const edit = useEditValue();
  const [text, setText] = useState(value.value);
  const [response, setResponse] = useState(value.response);
  const [valid, setValid] = useState(value.validity === 1);
  const [problem, setProblem] = useState<string | null>(null);

  const save = () => {
    const trimmed = text.trim();
    if (trimmed === '') {
      setProblem('Enter the value');
      return;
    }
    if ([...trimmed].length > 500) {
      setProblem('At most 500 characters');
      return;
    }
    edit.mutate(
      {
        id: databaseId,
        valueId: value.id,
        ...(trimmed !== value.value ? { value: trimmed } : {}),
        ...(response !== value.response ? { response } : {}),
        ...((valid ? 1 : 0) !== value.validity ? { validity: valid ? 1 : 0 } : {}),
      },
      { onSuccess: onDone },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={`Edit ${value.value}`}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onDone();
        }
      }}
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1.5fr)' }, py: 1 }}
    >
      <Box sx={{ gridColumn: '1 / -1' }}>
        <FormAlert message={edit.error?.message ?? null} />
      </Box>
      <TextInput label="Value" size="small" value={text} autoFocus onChange={(event) => { setText(event.target.value); setProblem(null); }} error={problem !== null} helperText={problem ?? undefined} />
      <TextInput label="Response" size="small" value={response} multiline maxRows={4} onChange={(event) => setResponse(event.target.value)} helperText={<ResponseVariablesHint />} />
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <FormControlLabel control={<Switch checked={valid} onChange={(event) => setValid(event.target.checked)} />} label={valid ? 'Valid' : 'Invalid'} sx={{ flexGrow: 1 }} />
        <Button onClick={onDone} disabled={edit.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={edit.isPending} startIcon={edit.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
          Save
        </Button>
      </Box>
    </Box>
  );
}
