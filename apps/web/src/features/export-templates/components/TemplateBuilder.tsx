import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ExportColumn, ExportTemplateInput } from '@scanbase/contracts/scan-data';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { V2Error } from '../../../api/v2-client';
import { useSession } from '../../../session/useSession';
import { RouterLink } from '../../../ui/RouterLink';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { FormSection } from '../../tasks/components/FormSection';
import { useServicePicker } from '../../tasks/hooks/useServicePicker';
import { IdPicker, pickerProps } from '../../../ui/IdPicker';
import { useColumnChoices } from '../hooks/useColumnChoices';
import { columnKey, columnOptions, starterFields, templateFormSchema, templateIssuePath, type TemplateForm } from '../template-form';
import { ChosenColumns } from './ChosenColumns';
import { ColumnPalette } from './ColumnPalette';
import { DateFormatField } from './DateFormatField';
import { HeaderPreview } from './HeaderPreview';
import { RowPerField } from './RowPerField';
import { TimeZoneChoice } from './TimeZoneChoice';

type Props = {
  initial: TemplateForm;
  /** The services whose questions are offered (none: every service's). */
  serviceIds: readonly number[];
  onServiceIdsChange: (ids: number[]) => void;
  submitLabel: string;
  /** Saves; throws the server's error when it refuses. */
  onSave: (input: ExportTemplateInput) => Promise<void>;
};

/** The export template builder: name, columns (offered on the left, chosen on the right in order), date format, time zone, rows, and a preview. */
export function TemplateBuilder({ initial, serviceIds, onServiceIdsChange, submitLabel, onSave }: Props) {
  const { user } = useSession();
  const services = useServicePicker();
  const choices = useColumnChoices(serviceIds);
  const [message, setMessage] = useState<string | null>(null);
  const { control, register, handleSubmit, setError, formState } = useForm<TemplateForm>({ resolver: zodResolver(templateFormSchema), defaultValues: initial });
  const { fields, append, move, remove } = useFieldArray({ control, name: 'columns' });
  const values = useWatch({ control }) as TemplateForm;
  const options = choices.data ? columnOptions(choices.data) : [];
  const zone = values.timeZone === 'account' ? user?.timezone || undefined : values.timeZone;
  const busy = formState.isSubmitting;

  const add = (column: ExportColumn) => {
    if (!values.columns.some((c) => columnKey(c) === columnKey(column))) append(column, { shouldFocus: false });
  };
  const addStarters = () => {
    for (const field of starterFields) {
      const offered = options.find((option) => option.key === `field:${field}`);
      append(offered?.column ?? { kind: 'field', field, header: field }, { shouldFocus: false });
    }
  };

  const submit = async (form: TemplateForm) => {
    setMessage(null);
    try {
      await onSave(form);
    } catch (error) {
      const issues = error instanceof V2Error ? error.fieldIssues : [];
      const general: string[] = [];
      for (const issue of issues) {
        const path = templateIssuePath(issue.path, form.columns.length);
        if (path) setError(path as Path<TemplateForm>, { type: 'server', message: issue.message });
        else general.push(issue.message);
      }
      if (issues.length === 0) setMessage(error instanceof Error ? error.message : 'Something went wrong. Try again.');
      else if (general.length > 0) setMessage(general.join(' '));
    }
  };

  const columnsError = formState.errors.columns?.message ?? formState.errors.columns?.root?.message;

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void handleSubmit(submit)(event)}>
      <FormAlert message={message} />
      <FormSection title="Name">
        <TextInput label="Template name" {...register('name')} error={Boolean(formState.errors.name)} helperText={formState.errors.name?.message ?? 'For example "Daily report for accounting".'} disabled={busy} autoComplete="off" />
      </FormSection>

      <FormSection title="Columns" hint="Pick what each row of the export holds. The questions offered are those of the services chosen here.">
        <Box sx={{ maxWidth: 720, mb: 2.5 }}>
          <IdPicker label="Offer the questions of" allLabel="Every service" {...pickerProps(services, 'Service')} value={serviceIds} onChange={onServiceIdsChange} />
        </Box>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(240px, 2fr) minmax(0, 3fr)' }, alignItems: 'start' }}>
          <ColumnPalette options={options} chosen={values.columns} loading={choices.isPending || choices.isFetching} error={choices.isError ? choices.error.message : null} narrowed={serviceIds.length > 0} onRetry={() => void choices.refetch()} onAdd={add} />
          <ChosenColumns
            fields={fields}
            columns={values.columns}
            options={options}
            register={register}
            errors={formState.errors}
            listError={columnsError}
            onMove={move}
            onRemove={remove}
            empty={
              <Box sx={{ p: 2, border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 1 }}>
                <Typography color="text.secondary">No columns yet. Add them from the available columns, or start with the usual ones.</Typography>
                <Button sx={{ mt: 1 }} variant="outlined" onClick={addStarters}>
                  Start with the usual columns
                </Button>
              </Box>
            }
          />
        </Box>
      </FormSection>

      <FormSection title="Dates and rows">
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' }, alignItems: 'start' }}>
          <Controller control={control} name="dateFormat" render={({ field, fieldState }) => <DateFormatField value={field.value} onChange={field.onChange} timeZone={zone} error={fieldState.error?.message} />} />
          <Controller control={control} name="timeZone" render={({ field, fieldState }) => <TimeZoneChoice value={field.value} onChange={field.onChange} accountZone={user?.timezone} error={fieldState.error?.message} />} />
        </Box>
        <Box sx={{ mt: 2.5 }}>
          <Controller control={control} name="rowPer" render={({ field }) => <RowPerField value={field.value} onChange={field.onChange} />} />
        </Box>
      </FormSection>

      <FormSection title="Preview" hint="The header row of the file, with a made-up line under it.">
        <HeaderPreview columns={values.columns} dateFormat={values.dateFormat} timeZone={zone} />
      </FormSection>

      <Box sx={{ display: 'flex', gap: 1.5, flexDirection: { xs: 'column-reverse', sm: 'row' }, justifyContent: 'flex-end', pb: 2 }}>
        <Button component={RouterLink} href="/account/scans/templates/" disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" size="large" disabled={busy} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
          {submitLabel}
        </Button>
      </Box>
      {Object.keys(formState.errors).length > 0 ? (
        <Typography variant="body2" color="error" role="status" sx={{ textAlign: 'right', mt: -1.5 }}>
          Not saved yet: fix the marked fields.
        </Typography>
      ) : null}
    </Stack>
  );
}
