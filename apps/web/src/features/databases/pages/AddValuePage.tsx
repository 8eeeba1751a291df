import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DatabaseInfo } from '@scanbase/contracts/databases';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { RouterLink } from '../../../ui/RouterLink';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { useServerErrors } from '../../auth/hooks/useServerErrors';
import { DatabaseFrame } from '../components/DatabaseFrame';
import { ResponseVariablesHint } from '../components/ResponseVariablesHint';
import { useAddValue } from '../hooks/useAddValue';

const form = z
  .object({ value: z.string(), response: z.string().max(100_000, 'At most 100,000 characters'), validity: z.enum(['1', '0']), trim: z.boolean() })
  .superRefine((values, context) => {
    const value = values.trim ? values.value.trim() : values.value;
    if (value === '') context.addIssue({ code: 'custom', path: ['value'], message: 'Enter the value, e.g. the barcode text' });
    else if ([...value].length > 500) context.addIssue({ code: 'custom', path: ['value'], message: 'At most 500 characters' });
  });
type Values = z.infer<typeof form>;
const empty: Values = { value: '', response: '', validity: '1', trim: true };

function AddValueForm({ database }: { database: DatabaseInfo }) {
  const add = useAddValue();
  const [added, setAdded] = useState<{ id: number; value: string } | null>(null);
  const { register, handleSubmit, setError, control, reset, setFocus, formState } = useForm<Values>({ resolver: zodResolver(form), defaultValues: empty });
  const { message, setMessage, report } = useServerErrors(setError, ['value', 'response', 'validity']);

  const onSubmit = async (values: Values) => {
    setAdded(null);
    setMessage(null);
    try {
      const value = await add.mutateAsync({ id: database.id, value: values.value, response: values.response, validity: values.validity === '1' ? 1 : 0, trim: values.trim });
      setAdded({ id: value.id, value: value.value });
      // Ready for the next one: same response and result, empty value.
      reset({ ...values, value: '' });
      setFocus('value');
    } catch (error) {
      report(error);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}>
      <FormAlert message={message} />
      {added ? (
        <FormAlert
          severity="success"
          message={`“${added.value}” was added. Enter the next value, or go back to the list of values.`}
        />
      ) : null}
      <Stack component="form" spacing={2.5} noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <TextInput label="Value" autoFocus {...register('value')} error={Boolean(formState.errors.value)} helperText={formState.errors.value?.message ?? `What the barcode contains; up to 500 characters. ${database.caseSensitive ? 'Upper and lower case count.' : 'Upper and lower case do not matter.'}`} />
        <TextInput label="Response (optional)" multiline minRows={2} maxRows={8} {...register('response')} error={Boolean(formState.errors.response)} helperText={formState.errors.response?.message ?? <ResponseVariablesHint />} />
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" sx={{ fontWeight: 600 }}>
            When it is scanned
          </Typography>
          <Controller
            control={control}
            name="validity"
            render={({ field }) => (
              <RadioGroup {...field} row>
                <FormControlLabel value="1" control={<Radio />} label="Valid" />
                <FormControlLabel value="0" control={<Radio />} label="Invalid (e.g. a cancelled ticket)" />
              </RadioGroup>
            )}
          />
        </Box>
        <Controller
          control={control}
          name="trim"
          render={({ field }) => <FormControlLabel control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />} label="Remove spaces before and after the value" />}
        />
        <Box sx={{ display: 'flex', gap: 1.5, flexDirection: { xs: 'column-reverse', sm: 'row' }, justifyContent: 'flex-end', alignItems: { sm: 'center' } }}>
          <Link component={RouterLink} href={`/account/databases/${database.id}/search/`} sx={{ mr: { sm: 'auto' }, textAlign: 'center' }}>
            Back to the values
          </Link>
          <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting} startIcon={formState.isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}>
            Add value
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

/** /account/databases/{id}/addvalue/: one value with its response text and validity; stays on the form for the next one. */
export function AddValuePage() {
  return <DatabaseFrame current="addvalue">{(database) => <AddValueForm database={database} />}</DatabaseFrame>;
}
