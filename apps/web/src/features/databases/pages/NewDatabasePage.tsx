import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createDatabase } from '@scanbase/contracts/databases';
import { useNavigate } from '@tanstack/react-router';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { RouterLink } from '../../../ui/RouterLink';
import { TextInput } from '../../../ui/TextInput';
import { FormAlert } from '../../auth/components/FormAlert';
import { useServerErrors } from '../../auth/hooks/useServerErrors';
import { useCreateDatabase } from '../hooks/useCreateDatabase';

const form = z.object({ name: createDatabase.body.shape.name, matching: z.enum(['insensitive', 'sensitive']) });
type Values = z.infer<typeof form>;

/** /account/databases/new/: name and case sensitivity (fixed once created), then on to adding values. */
export function NewDatabasePage() {
  const navigate = useNavigate();
  const create = useCreateDatabase();
  const { register, handleSubmit, setError, control, formState } = useForm<Values>({ resolver: zodResolver(form), defaultValues: { name: '', matching: 'insensitive' } });
  const { message, report } = useServerErrors(setError, ['name']);

  const onSubmit = async (values: Values) => {
    try {
      const database = await create.mutateAsync({ name: values.name, caseSensitive: values.matching === 'sensitive' });
      await navigate({ href: `/account/databases/${database.id}/manage/` });
    } catch (error) {
      report(error);
    }
  };

  return (
    <Box sx={{ maxWidth: 720 }}>
      <Button component={RouterLink} href="/account/databases/" sx={{ ml: -1, mb: 1 }}>
        ← All databases
      </Button>
      <Typography variant="h1">New database</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        After creating it you can import its values from a file, add them one by one, or generate them.
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <FormAlert message={message} />
        <Stack component="form" spacing={3} noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          <TextInput label="Name" autoFocus {...register('name')} error={Boolean(formState.errors.name)} helperText={formState.errors.name?.message ?? 'For example "Conference tickets 2025" or "Spare parts"'} />
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" sx={{ fontWeight: 600 }}>
              Matching
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1 }}>
              Decide now: this cannot be changed once the database is created.
            </Typography>
            <Controller
              control={control}
              name="matching"
              render={({ field }) => (
                <RadioGroup {...field}>
                  <FormControlLabel
                    value="insensitive"
                    control={<Radio />}
                    label={
                      <Box sx={{ py: 0.75 }}>
                        <Typography>Ignore upper and lower case (recommended)</Typography>
                        <Typography variant="body2" color="text.secondary">
                          A scan of &ldquo;abc-123&rdquo; matches the value &ldquo;ABC-123&rdquo;. Right for most barcodes.
                        </Typography>
                      </Box>
                    }
                  />
                  <FormControlLabel
                    value="sensitive"
                    control={<Radio />}
                    label={
                      <Box sx={{ py: 0.75 }}>
                        <Typography>Case-sensitive</Typography>
                        <Typography variant="body2" color="text.secondary">
                          &ldquo;abc-123&rdquo; and &ldquo;ABC-123&rdquo; are different values. Only for codes where the case carries meaning.
                        </Typography>
                      </Box>
                    }
                  />
                </RadioGroup>
              )}
            />
          </Box>
          <Box sx={{ display: 'flex', gap: 1.5, flexDirection: { xs: 'column-reverse', sm: 'row' }, justifyContent: 'flex-end' }}>
            <Button component={RouterLink} href="/account/databases/" disabled={formState.isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting} startIcon={formState.isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}>
              Create database
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Box>
  );
}
