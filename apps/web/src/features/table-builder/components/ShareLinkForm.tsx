import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TableColumn } from '@scanbase/contracts/table-builder';
import { useState, type FormEvent } from 'react';
import { V2Error } from '../../../api/v2-client';
import { FormAlert } from '../../auth/components/FormAlert';
import { ShortLinkField } from '../../short-links/components/ShortLinkField';
import { useCreateShareLink } from '../hooks/useCreateShareLink';

/** Makes a share link, read-only or editing chosen columns: a name, optional expiry and password, all columns or chosen ones; shows its address once. */
export function ShareLinkForm({ instanceId, columns }: { instanceId: number; columns: TableColumn[] }) {
  const create = useCreateShareLink(instanceId);
  const [expires, setExpires] = useState('');
  const [password, setPassword] = useState('');
  const [allColumns, setAllColumns] = useState(true);
  const [chosen, setChosen] = useState<number[]>([]);
  const [name, setName] = useState('');
  const [mayEdit, setMayEdit] = useState(false);
  const [editable, setEditable] = useState<number[]>([]);
  const shownColumns = allColumns ? columns : columns.filter((c) => chosen.includes(c.questionId));
  const editing = editable.filter((q) => shownColumns.some((c) => c.questionId === q));
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [made, setMade] = useState<string | null>(null);
  const [short, setShort] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setIssues({});
    try {
      const answer = await create.mutateAsync({
        expiresAt: expires === '' ? null : new Date(expires).toISOString(),
        password: password === '' ? null : password,
        questionIds: allColumns ? null : chosen,
        name,
        editableQuestionIds: mayEdit ? editing : null,
      });
      setMade(`${window.location.origin}${answer.path}`);
      setShort(answer.shortUrl);
      setPassword('');
    } catch (e) {
      if (e instanceof V2Error) setIssues(Object.fromEntries(e.fieldIssues.map((i) => [i.path, i.message])));
      setError(e instanceof Error ? e.message : 'Not made. Try again.');
    }
  };
  return (
    <Paper variant="outlined" component="form" noValidate aria-label="New share link" onSubmit={(e) => void submit(e)} sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <Typography component="h2" sx={{ fontWeight: 600 }}>
        New share link
      </Typography>
      <FormAlert message={error} />
      {made ? (
        <Alert severity="success" onClose={() => setMade(null)} sx={{ '& .MuiAlert-message': { flexGrow: 1, minWidth: 0 } }}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            Copy the link now: it is shown only this once.
          </Typography>
          <TextField size="small" fullWidth label="Share link" value={made} slotProps={{ htmlInput: { readOnly: true } }} onFocus={(e) => e.target.select()} />
          <Button size="small" sx={{ mt: 1, mb: 1 }} onClick={() => void navigator.clipboard?.writeText(made)}>
            Copy
          </Button>
          <ShortLinkField shortUrl={short} label="Short link (listed under Links, revoked with it)" />
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField label="Name (optional)" value={name} onChange={(e) => setName(e.target.value)} error={Boolean(issues.name)} helperText={issues.name ?? 'Changes through the link are by “share link <name>”'} slotProps={{ htmlInput: { maxLength: 100 } }} />
        <TextField
          type="datetime-local"
          label="Expires (optional)"
          value={expires}
          onChange={(e) => setExpires(e.target.value)}
          error={Boolean(issues.expiresAt)}
          helperText={issues.expiresAt ?? 'Leave empty for a link that works until revoked'}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField type="password" label="Password (optional)" value={password} onChange={(e) => setPassword(e.target.value)} error={Boolean(issues.password)} helperText={issues.password ?? 'Asked before the table is shown'} autoComplete="new-password" />
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="body2" sx={{ mb: 0.5 }}>
          Columns shown
        </Typography>
        <FormControlLabel control={<Checkbox checked={allColumns} onChange={(e) => setAllColumns(e.target.checked)} />} label="Every column" />
        {allColumns ? null : (
          <FormGroup row>
            {columns.map((c) => (
              <FormControlLabel key={c.questionId} control={<Checkbox checked={chosen.includes(c.questionId)} onChange={(e) => setChosen(e.target.checked ? [...chosen, c.questionId] : chosen.filter((q) => q !== c.questionId))} />} label={c.text} />
            ))}
          </FormGroup>
        )}
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="body2" sx={{ mb: 0.5 }}>
          What people with the link may do
        </Typography>
        <RadioGroup row value={mayEdit ? 'edit' : 'read'} onChange={(e) => setMayEdit(e.target.value === 'edit')}>
          <FormControlLabel value="read" control={<Radio />} label="Read only" />
          <FormControlLabel value="edit" control={<Radio />} label="May edit chosen columns" />
        </RadioGroup>
        {mayEdit ? (
          <FormGroup row>
            {shownColumns.map((c) => (
              <FormControlLabel key={c.questionId} control={<Checkbox checked={editable.includes(c.questionId)} onChange={(e) => setEditable(e.target.checked ? [...editable, c.questionId] : editable.filter((q) => q !== c.questionId))} />} label={`Edit ${c.text}`} />
            ))}
          </FormGroup>
        ) : null}
        {issues.editableQuestionIds ? <Typography color="error" variant="body2">{issues.editableQuestionIds}</Typography> : null}
      </Box>
      <Box>
        <Button type="submit" variant="contained" disabled={create.isPending || (!allColumns && chosen.length === 0) || (mayEdit && editing.length === 0)}>
          Make a share link
        </Button>
      </Box>
    </Paper>
  );
}
