import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EventRepeatOutlined from '@mui/icons-material/EventRepeatOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { V2Error } from '../../../api/v2-client';
import { FormAlert } from '../../auth/components/FormAlert';
import { placeIssues, type Issue } from '../../../ui/form-issues';
import { LabelInputsFields } from '../components/LabelInputsFields';
import { LabelPreview } from '../components/LabelPreview';
import { useLabelSheetDownload } from '../hooks/useLabelSheetDownload';
import { checkLabelForm, defaultLabelForm, firstLabelValue, labelFieldKeys, storeLabelPrefill, type LabelFormValues } from '../label-form';

const itemNouns = { values: 'Line' };

/** /account/barcodes/labels/: build a label sheet with a live preview, download the PDF or schedule it as a task. */
export function LabelSheetPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState<LabelFormValues>(defaultLabelForm);
  const [issues, setIssues] = useState<Issue[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const download = useLabelSheetDownload();
  const placed = placeIssues(issues, labelFieldKeys, itemNouns);
  const serverMessage = download.error && !(download.error instanceof V2Error && download.error.fieldIssues.length > 0) ? download.error.message : null;

  const change = (patch: Partial<LabelFormValues>) => {
    setForm((current) => ({ ...current, ...patch }));
    setDone(null);
    // A field's message goes once it is edited; the others stay until the next attempt.
    const touched = Object.keys(patch).map((key) => (['prefix', 'start', 'end', 'padding', 'suffix'].includes(key) ? `range.${key}` : key));
    setIssues((current) => current.filter((issue) => !touched.some((key) => issue.path === key || issue.path.startsWith(`${key}.`)) && !(touched.includes('source'))));
  };

  const onDownload = () => {
    const checked = checkLabelForm(form);
    setIssues(checked.issues);
    setDone(null);
    if (!checked.body) return;
    download.mutate(checked.body, {
      onSuccess: (name) => setDone(`${name} is downloading.`),
      onError: (error) => {
        if (error instanceof V2Error) setIssues(error.fieldIssues);
      },
    });
  };

  const onSchedule = () => {
    storeLabelPrefill(form);
    void navigate({ href: '/account/tasks/generatebarcode/create/?prefill=labels' });
  };

  return (
    <Box>
      <Typography variant="h1">Barcode labels</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 720 }}>
        Print tickets, badges or asset labels on a label sheet. Enter the values (or a number range), choose the sheet, check the preview and download the PDF. For
        large or repeating batches, schedule it as a task.
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(260px, 2fr)' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="form" noValidate onSubmit={(event) => { event.preventDefault(); onDownload(); }}>
          <FormAlert message={placed.general[0] ?? serverMessage} />
          <LabelInputsFields value={form} onChange={change} errors={placed.fields} disabled={download.isPending} />
          <FormAlert message={done} severity="success" />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3 }}>
            <Button type="submit" variant="contained" startIcon={download.isPending ? <CircularProgress size={18} color="inherit" /> : <DownloadOutlined />} disabled={download.isPending}>
              {download.isPending ? 'Making the PDF…' : 'Download PDF'}
            </Button>
            <Button variant="outlined" startIcon={<EventRepeatOutlined />} onClick={onSchedule}>
              Schedule as a task
            </Button>
          </Stack>
        </Paper>
        <Box sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
          <LabelPreview value={firstLabelValue(form)} symbology={form.symbology} showValue={form.showValue} />
        </Box>
      </Box>
    </Box>
  );
}
