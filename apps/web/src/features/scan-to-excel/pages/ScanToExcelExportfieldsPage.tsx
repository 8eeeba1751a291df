import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { dateFormatPresets } from '@scanbase/contracts/scan-data';
import { scanToExcelSettings, type ScanToExcelSettings } from '@scanbase/contracts/scan-to-excel';
import type { SpecializedInstanceDetail } from '@scanbase/contracts/specialized';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { V2Error } from '../../../api/v2-client';
import { ErrorState, LoadingState } from '../../../ui/QueryStates';
import { FormAlert } from '../../auth/components/FormAlert';
import { InstanceFrame } from '../../specialized/components/InstanceFrame';
import { useUpdateSpecialized } from '../../specialized/hooks/useUpdateSpecialized';
import { ColumnEditor } from '../components/ColumnEditor';
import { useColumnChoices } from '../hooks/useColumnChoices';
import { checkColumns, columnChoices } from '../sheet-columns';

function FieldsForm({ instance }: { instance: SpecializedInstanceDetail }) {
  const stored = useMemo<ScanToExcelSettings>(() => {
    const parsed = scanToExcelSettings.safeParse(instance.settings);
    return parsed.success ? parsed.data : scanToExcelSettings.parse({});
  }, [instance.settings]);
  const choices = useColumnChoices(instance.id);
  const update = useUpdateSpecialized();
  const client = useQueryClient();
  const [columns, setColumns] = useState(stored.columns);
  const [dateFormat, setDateFormat] = useState(stored.dateFormat);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null);

  const save = async () => {
    const checked = checkColumns(columns, dateFormat);
    setErrors(checked.issues);
    if (!checked.settings) {
      setNotice({ text: 'Check the highlighted columns.', ok: false });
      return;
    }
    try {
      await update.mutateAsync({ id: instance.id, settings: checked.settings });
      void client.invalidateQueries({ queryKey: ['scan-to-excel', 'rows', instance.id] });
      setNotice({ text: 'Saved. The table, downloads and the link use these columns now.', ok: true });
    } catch (error) {
      if (error instanceof V2Error) setErrors(Object.fromEntries(error.fieldIssues.map((i) => [i.path.replace(/^settings\./, ''), i.message])));
      setNotice({ text: error instanceof Error ? error.message : 'Not saved. Try again.', ok: false });
    }
  };

  if (choices.isPending) return <LoadingState label="Loading the columns you can add…" />;
  if (choices.isError) return <ErrorState message={choices.error.message} onRetry={() => void choices.refetch()} />;
  const options = columnChoices(choices.data.questions, choices.data.properties);
  const questions = new Map(choices.data.questions.map((q) => [q.questionId, q.text]));
  const formats = dateFormatPresets.includes(dateFormat as (typeof dateFormatPresets)[number]) ? dateFormatPresets : [dateFormat, ...dateFormatPresets];

  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      aria-label="Export fields"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5 }}
    >
      <FormAlert message={notice?.text ?? null} severity={notice?.ok ? 'success' : 'error'} />
      <ColumnEditor
        columns={columns}
        onChange={(next) => {
          setColumns(next);
          setNotice(null);
        }}
        choices={options}
        questions={questions}
        errors={errors}
      />
      <TextField select size="small" label="Scan time format" value={dateFormat} onChange={(event) => setDateFormat(event.target.value)} helperText="In the account's time zone" sx={{ maxWidth: 360 }}>
        {formats.map((f) => (
          <MenuItem key={f} value={f}>
            {f}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={update.isPending} startIcon={update.isPending ? <CircularProgress size={18} color="inherit" /> : null}>
          Save columns
        </Button>
        <Button
          onClick={() => {
            setColumns(stored.columns);
            setDateFormat(stored.dateFormat);
            setErrors({});
            setNotice(null);
          }}
        >
          Undo changes
        </Button>
      </Box>
    </Paper>
  );
}

/** /account/specialized-services/{instanceId}/scan-to-excel/exportfields/: which columns the sheet has, in which order, with which headers. */
export function ScanToExcelExportfieldsPage() {
  return (
    <InstanceFrame type="scan-to-excel" tab="exportfields" intro="Choose the columns of the sheet and their order. The table view, the downloads and the secret link all follow them.">
      {(instance) => <FieldsForm key={instance.id} instance={instance} />}
    </InstanceFrame>
  );
}
