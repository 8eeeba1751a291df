import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SpecializedInstanceDetail } from '@scanbase/contracts/specialized';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { FormAlert } from '../../auth/components/FormAlert';
import { useAppUserOptions } from '../../services/hooks/useAppUserOptions';
import { useUpdateSpecialized } from '../../specialized/hooks/useUpdateSpecialized';
import { useTableColumns } from '../hooks/useTableColumns';
import { editorColumns, readTableSettings, withEditor } from '../table-settings';

/** Which columns each person on the table may edit from the scanner (everyone edits every column until restricted). */
export function EditorColumnsForm({ instance }: { instance: SpecializedInstanceDetail }) {
  const users = useAppUserOptions();
  const columns = useTableColumns(instance.id);
  const update = useUpdateSpecialized();
  const [settings, setSettings] = useState(() => readTableSettings(instance.settings));
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null);
  if (users.isPending || columns.isPending) return <LoadingState label="Loading columns…" />;
  if (users.isError) return <ErrorState message={users.error.message} onRetry={() => void users.refetch()} />;
  if (columns.isError) return <ErrorState message={columns.error.message} onRetry={() => void columns.refetch()} />;
  const people = users.data.items.filter((u) => instance.userIds.includes(u.id));
  const all = columns.data.columns;
  const save = async () => {
    try {
      await update.mutateAsync({ id: instance.id, settings });
      setNotice({ text: 'Saved.', ok: true });
    } catch (e) {
      setNotice({ text: e instanceof Error ? e.message : 'Not saved. Try again.', ok: false });
    }
  };
  return (
    <Paper variant="outlined" component="section" aria-label="Columns each person may edit" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <Typography component="h2" sx={{ fontWeight: 600 }}>
        Columns each person may edit
      </Typography>
      {all.length === 0 ? (
        <Typography color="text.secondary">The table has no columns yet: add questions on the Questions tab.</Typography>
      ) : people.length === 0 ? (
        <Typography color="text.secondary">Tick people above and save first.</Typography>
      ) : (
        people.map((person) => {
          const cols = editorColumns(settings, person.id);
          return (
            <Box key={person.id} role="group" aria-label={`Columns ${person.username} may edit`} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
              <Typography sx={{ fontWeight: 500 }}>{person.username}</Typography>
              <FormControlLabel
                control={<Checkbox checked={cols === null} onChange={(e) => setSettings(withEditor(settings, person.id, e.target.checked ? null : []))} />}
                label="Every column"
              />
              {all.map((c) => (
                <FormControlLabel
                  key={c.questionId}
                  control={
                    <Checkbox
                      checked={cols === null || cols.includes(c.questionId)}
                      disabled={cols === null}
                      onChange={(e) => setSettings(withEditor(settings, person.id, e.target.checked ? [...(cols ?? []), c.questionId] : (cols ?? []).filter((q) => q !== c.questionId)))}
                    />
                  }
                  label={c.text}
                />
              ))}
            </Box>
          );
        })
      )}
      <FormAlert message={notice?.text ?? null} severity={notice?.ok ? 'success' : 'error'} />
      <Box>
        <Button variant="contained" onClick={() => void save()} disabled={update.isPending || people.length === 0}>
          Save edit rights
        </Button>
      </Box>
    </Paper>
  );
}
