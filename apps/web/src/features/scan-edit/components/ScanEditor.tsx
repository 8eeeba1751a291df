import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ScanDetail } from '@scanbase/contracts/scanner';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { V2Error } from '../../../api/v2-client';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { FormSection } from '../../tasks/components/FormSection';
import { useUpdateScan } from '../hooks/useUpdateScan';
import { changeCount, changesOf, placeScanIssues, scanEditSchema, scanToForm, splitAnswers, statusChoices, type ScanEditForm } from '../scan-edit-form';
import { AnswerField } from './AnswerField';
import { FileAnswers } from './FileAnswers';
import { PropertyFields } from './PropertyFields';

/** The edit form of a scan: value, status, response, answers and properties; saving sends only what changed. */
export function ScanEditor({ scan }: { scan: ScanDetail }) {
  const update = useUpdateScan();
  const statusId = useId();
  const [message, setMessage] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const { control, register, handleSubmit, reset, setError, setValue, formState } = useForm<ScanEditForm>({ resolver: zodResolver(scanEditSchema), defaultValues: scanToForm(scan) });
  const values = useWatch({ control }) as ScanEditForm;
  const pending = changeCount(changesOf(scan, values));
  const files = splitAnswers(scan.answers).files;
  const busy = formState.isSubmitting;

  const onSubmit = async (form: ScanEditForm) => {
    setMessage(null);
    const body = changesOf(scan, form);
    if (!body) return;
    try {
      const next = await update.mutateAsync(body);
      reset(scanToForm(next));
      setSaved(true);
    } catch (error) {
      if (error instanceof V2Error && error.fieldIssues.length > 0) {
        const placed = placeScanIssues(error.fieldIssues, body, form);
        for (const issue of placed.fields) setError(issue.path as Path<ScanEditForm>, { type: 'server', message: issue.message });
        setMessage(placed.general.join(' ') || null);
      } else {
        setMessage(error instanceof Error ? error.message : 'Something went wrong. Try again.');
      }
    }
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void handleSubmit(onSubmit)(event)} aria-label="Edit scan">
      <FormSection title="Result">
        <Stack spacing={2.5}>
          <TextInput
            label="Value"
            {...register('value')}
            error={Boolean(formState.errors.value)}
            helperText={formState.errors.value?.message ?? 'The scanned barcode or the typed text.'}
            disabled={busy}
            sx={{ fontFamily: 'ui-monospace, monospace' }}
          />
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography id={statusId} component="legend" variant="subtitle2" sx={{ p: 0 }}>
              Status
            </Typography>
            <Controller
              control={control}
              name="status"
              render={({ field }) => (
                <RadioGroup row aria-labelledby={statusId} name={field.name} value={field.value} onChange={(event) => field.onChange(event.target.value)}>
                  {statusChoices.map((choice) => (
                    <FormControlLabel key={choice.value} value={choice.value} control={<Radio />} label={choice.label} disabled={busy} />
                  ))}
                </RadioGroup>
              )}
            />
          </Box>
          <TextInput
            label="Response"
            {...register('response')}
            error={Boolean(formState.errors.response)}
            helperText={formState.errors.response?.message ?? 'The text the scanner showed for this scan.'}
            disabled={busy}
            multiline
            minRows={2}
            maxRows={10}
          />
        </Stack>
      </FormSection>

      <FormSection title="Answers" hint="What was answered to the service’s questions. Empty every field of a question to remove its answer.">
        <Stack spacing={3}>
          {values.answers.length === 0 && files.length === 0 ? <Typography color="text.secondary">No questions were answered for this scan.</Typography> : null}
          {values.answers.map((answer, index) => (
            <AnswerField key={answer.questionId} index={index} questionText={answer.questionText} control={control} register={register} errors={formState.errors} disabled={busy} />
          ))}
          <FileAnswers files={files} />
        </Stack>
      </FormSection>

      <FormSection title="Properties" hint="Extra facts stored with the scan, such as capture_type, time_zone or gps_location.">
        <PropertyFields control={control} register={register} setValue={setValue} errors={formState.errors} disabled={busy} />
      </FormSection>

      <Box sx={{ position: 'sticky', bottom: 0, zIndex: 2, bgcolor: 'background.default', py: 1.5, borderTop: 1, borderColor: 'divider' }}>
        <FormAlert message={message} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <Typography variant="body2" role="status" sx={{ flexGrow: 1, color: pending === 0 && saved ? 'success.dark' : 'text.secondary' }}>
            {pending > 0 ? `${pending} unsaved ${pending === 1 ? 'change' : 'changes'}` : saved ? 'Saved.' : 'No changes yet'}
          </Typography>
          {pending > 0 ? (
            <Button
              onClick={() => {
                reset(scanToForm(scan));
                setMessage(null);
              }}
              disabled={busy}
            >
              Undo changes
            </Button>
          ) : null}
          <Button type="submit" variant="contained" disabled={pending === 0 || busy} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
            Save changes
          </Button>
        </Box>
      </Box>
    </Stack>
  );
}
