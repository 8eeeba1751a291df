import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SpecializedInstanceDetail } from '@scanbase/contracts/specialized';
import type { TableBuilderView } from '@scanbase/contracts/table-builder';
import { useState } from 'react';
import { V2Error } from '../../../api/v2-client';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { FormAlert } from '../../auth/components/FormAlert';
import { useAppUserOptions } from '../../services/hooks/useAppUserOptions';
import { useUpdateSpecialized } from '../../specialized/hooks/useUpdateSpecialized';
import { useTableColumns } from '../hooks/useTableColumns';
import { readTableSettings } from '../table-settings';

const toggle = (list: number[], id: number, on: boolean) => (on ? [...list.filter((x) => x !== id), id] : list.filter((x) => x !== id));

/** The key column's header and the child views: chosen people see only chosen columns in the scanner. */
export function ViewsForm({ instance }: { instance: SpecializedInstanceDetail }) {
  const users = useAppUserOptions();
  const columns = useTableColumns(instance.id);
  const update = useUpdateSpecialized();
  const [settings, setSettings] = useState(() => readTableSettings(instance.settings));
  const [notice, setNotice] = useState<{ text: string; ok: boolean; paths?: string[] } | null>(null);
  if (users.isPending || columns.isPending) return <LoadingState label="Loading…" />;
  if (users.isError) return <ErrorState message={users.error.message} onRetry={() => void users.refetch()} />;
  if (columns.isError) return <ErrorState message={columns.error.message} onRetry={() => void columns.refetch()} />;
  const people = users.data.items.filter((u) => instance.userIds.includes(u.id));
  const setView = (index: number, view: TableBuilderView) => setSettings({ ...settings, views: settings.views.map((v, i) => (i === index ? view : v)) });
  const issue = (path: string) => notice?.paths?.includes(path);
  const save = async () => {
    try {
      await update.mutateAsync({ id: instance.id, settings });
      setNotice({ text: 'Saved.', ok: true });
    } catch (e) {
      setNotice({ text: e instanceof Error ? e.message : 'Not saved. Try again.', ok: false, paths: e instanceof V2Error ? e.fieldIssues.map((i) => i.path) : [] });
    }
  };
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      aria-label="Key column and child views"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5 }}
    >
      <TextField label="Header of the key column" value={settings.keyLabel} onChange={(e) => setSettings({ ...settings, keyLabel: e.target.value })} error={issue('settings.keyLabel')} helperText="What the scanned value is, for example Asset tag" slotProps={{ htmlInput: { maxLength: 100 } }} sx={{ maxWidth: 420 }} />
      <Box>
        <Typography component="h2" sx={{ fontWeight: 600 }}>
          Child views
        </Typography>
        <Typography variant="body2" color="text.secondary">
          A child view shows the people it names only some columns in the scanner (and they edit only those). People in no view see every column.
        </Typography>
      </Box>
      {settings.views.map((view, index) => (
        <Box key={index} role="group" aria-label={`Child view ${index + 1}`} sx={{ borderTop: 1, borderColor: 'divider', pt: 2, display: 'grid', gap: 1.5 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <TextField size="small" label="View name" value={view.name} onChange={(e) => setView(index, { ...view, name: e.target.value })} error={issue(`settings.views.${index}.name`)} slotProps={{ htmlInput: { maxLength: 100 } }} />
            <Button color="error" onClick={() => setSettings({ ...settings, views: settings.views.filter((_v, i) => i !== index) })}>
              Remove view
            </Button>
          </Box>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend" error={issue(`settings.views.${index}.questionIds`)}>
              Columns shown
            </FormLabel>
            <FormGroup row>
              {columns.data.columns.map((c) => (
                <FormControlLabel key={c.questionId} control={<Checkbox checked={view.questionIds.includes(c.questionId)} onChange={(e) => setView(index, { ...view, questionIds: toggle(view.questionIds, c.questionId, e.target.checked) })} />} label={c.text} />
              ))}
            </FormGroup>
          </Box>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend">People</FormLabel>
            {people.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                Nobody scans with this table yet (Users tab).
              </Typography>
            ) : (
              <FormGroup row>
                {people.map((p) => (
                  <FormControlLabel key={p.id} control={<Checkbox checked={view.userIds.includes(p.id)} onChange={(e) => setView(index, { ...view, userIds: toggle(view.userIds, p.id, e.target.checked) })} />} label={p.username} />
                ))}
              </FormGroup>
            )}
          </Box>
        </Box>
      ))}
      <Box>
        <Button startIcon={<AddOutlined />} variant="outlined" disabled={columns.data.columns.length === 0} onClick={() => setSettings({ ...settings, views: [...settings.views, { name: `View ${settings.views.length + 1}`, userIds: [], questionIds: columns.data.columns.map((c) => c.questionId) }] })}>
          Add a child view
        </Button>
      </Box>
      <FormAlert message={notice?.text ?? null} severity={notice?.ok ? 'success' : 'error'} />
      <Box>
        <Button type="submit" variant="contained" disabled={update.isPending}>
          Save
        </Button>
      </Box>
    </Paper>
  );
}
